import { permissionLabel, type Lang } from '@gx/contract';

/** Looks a translation key up; undefined when the console has no text for it. */
export type Translate = (key: string) => string | undefined;

/**
 * The readable name of a button. Built-in buttons are seeded with the title `perm.<key>`: keys a resource declares
 * read "resource · action" from the declaration, the others from the page that declares them (its area manifest).
 * A title typed by a person is shown as typed.
 */
export function permissionTitle(title: string, lang: Lang, translate: Translate): string {
  if (title.startsWith('perm.')) {
    const key = title.slice('perm.'.length);
    return permissionLabel(key)?.[lang] ?? translate(title) ?? key;
  }
  return translate(title) ?? title;
}
