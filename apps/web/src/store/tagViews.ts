/** Pure operations on the tab strip's list (SPEC §2 Tab strip), kept apart from the store so they are testable. */
export interface TagView {
  path: string;
  /** Path plus query, what navigating back to the tab restores. */
  fullPath: string;
  name: string;
  /** i18n key, translated when rendered so a language switch re-labels every tab. */
  title: string;
  affix: boolean;
  noCache: boolean;
}

export function addView(views: readonly TagView[], view: TagView): TagView[] {
  const i = views.findIndex((v) => v.path === view.path);
  if (i === -1) return [...views, view];
  const current = views[i];
  if (current && current.fullPath === view.fullPath && current.title === view.title) return views as TagView[];
  return views.map((v, j) => (j === i ? { ...v, ...view, affix: v.affix || view.affix } : v));
}

export function removeView(views: readonly TagView[], path: string): TagView[] {
  return views.filter((v) => v.path !== path || v.affix);
}

export function keepOnly(views: readonly TagView[], path: string): TagView[] {
  return views.filter((v) => v.affix || v.path === path);
}

export function keepAffix(views: readonly TagView[]): TagView[] {
  return views.filter((v) => v.affix);
}

/** Affix tabs lead the strip, in route order, before anything visited. */
export function withAffix(views: readonly TagView[], affix: readonly TagView[]): TagView[] {
  const missing = affix.filter((a) => !views.some((v) => v.path === a.path));
  return missing.length ? [...missing, ...views] : (views as TagView[]);
}

/** Where to go after closing the active tab: the last remaining tab, else `/` (SPEC §2). */
export function afterClose(remaining: readonly TagView[]): string {
  return remaining.at(-1)?.fullPath ?? '/';
}
