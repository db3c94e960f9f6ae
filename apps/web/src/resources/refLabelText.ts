import type { Lang } from '@gx/contract';
import { permissionTitle, type Translate } from './permissionTitle';

/**
 * A referenced row's label as the server builds it ("<first label field> (<others>)") in the console language: when
 * the first part is a translation key — a menu's title key, a button's `perm.<key>` — it is translated.
 */
export function refLabelText(label: string, lang: Lang, translate: Translate): string {
  const cut = label.indexOf(' (');
  const head = cut === -1 ? label : label.slice(0, cut);
  const rest = cut === -1 ? '' : label.slice(cut);
  if (!/^[A-Za-z][\w-]*(\.[\w-]+)+$/.test(head)) return label;
  const text = permissionTitle(head, lang, translate);
  return `${text}${rest}`;
}
