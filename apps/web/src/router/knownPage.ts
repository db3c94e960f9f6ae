import { allPages, areas, pageNames } from '@gx/contract';

/**
 * Every console path the manifests declare, whether or not this user may open it: an unknown URL is a 404, a
 * known one the user was not granted is a 403 (issue 18).
 */
const KNOWN: ReadonlySet<string> = new Set([
  ...areas.map((a) => `/${a.key}`),
  ...allPages().map(({ area, page }) => pageNames(area, page).path),
]);

export function isKnownPage(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN.has(trimmed);
}
