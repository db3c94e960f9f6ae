import type { MenuNode } from '@gx/contract';
import { isExternal, resolvePath } from '../router/menuRoutes';

/** One menu page as the search sees it (SPEC §2 Navbar): where it goes and its title trail in every language. */
export interface SearchEntry {
  /** Where choosing the entry goes: an app path or an external URL. */
  path: string;
  /** Translated titles in the language shown, enclosing sections first, the page last. */
  title: string[];
  /** The same trail in the other languages, so a page is found by its name in either. */
  aliases: string[][];
  external: boolean;
}

/**
 * The visible menu pages, titled by `translate` (the language shown) and by each of `others` (searched too).
 * Hidden pages and pages under hidden sections are left out.
 */
export function buildSearchEntries(
  menus: readonly MenuNode[],
  translate: (key: string) => string,
  others: readonly ((key: string) => string)[] = [],
): SearchEntry[] {
  const out: SearchEntry[] = [];
  const walk = (nodes: readonly MenuNode[], base: string, parents: string[][]) => {
    for (const node of nodes) {
      if (node.hidden) continue;
      const path = resolvePath(base, node.path);
      const trails = node.title ? [translate, ...others].map((t, i) => [...(parents[i] ?? []), t(node.title)]) : parents;
      const visibleChildren = node.children.filter((c) => !c.hidden);
      if (visibleChildren.length > 0) walk(visibleChildren, path, trails);
      else if ((trails[0]?.length ?? 0) > 0 && path !== '/') {
        const [title = [], ...rest] = trails;
        const aliases = rest.filter((a) => a.join('\u0000') !== title.join('\u0000'));
        out.push({ path, title, aliases, external: node.external || isExternal(path) });
      }
    }
  };
  walk(menus, '/', [[], ...others.map(() => [])]);
  return out;
}
