import Fuse, { type IFuseOptions } from 'fuse.js';
import type { MenuNode } from '@gx/contract';
import { MENU_SEARCH } from '../config/constants';
import { isExternal, resolvePath } from '../router/menuRoutes';

/**
 * Menu search (SPEC §2 Navbar, §9): fuzzy over the translated titles and the paths of the visible menu pages.
 * Pure, so the index build and the query can be measured over thousands of entries (bench/).
 */
export interface SearchEntry {
  /** Where choosing the entry goes: an app path or an external URL. */
  path: string;
  /** Translated titles, enclosing sections first, the page last. */
  title: string[];
  external: boolean;
}

export function buildSearchEntries(
  menus: readonly MenuNode[],
  translate: (key: string) => string,
  base = '/',
  parents: string[] = [],
  out: SearchEntry[] = [],
): SearchEntry[] {
  for (const node of menus) {
    if (node.hidden) continue;
    const path = resolvePath(base, node.path);
    const title = node.title ? [...parents, translate(node.title)] : parents;
    const visibleChildren = node.children.filter((c) => !c.hidden);
    if (visibleChildren.length > 0) buildSearchEntries(visibleChildren, translate, path, title, out);
    else if (title.length > 0 && path !== '/') out.push({ path, title, external: node.external || isExternal(path) });
  }
  return out;
}

export const MENU_SEARCH_OPTIONS: IFuseOptions<SearchEntry> = {
  shouldSort: true,
  threshold: MENU_SEARCH.threshold,
  minMatchCharLength: 1,
  // A title matches wherever the words stand in it, and its sections and page are scored as one text: one pass
  // per entry instead of one per segment keeps a keystroke over 5,000 entries inside a frame (bench/).
  ignoreLocation: true,
  keys: [
    { name: 'title', weight: MENU_SEARCH.titleWeight, getFn: (entry) => entry.title.join(' ') },
    { name: 'path', weight: MENU_SEARCH.pathWeight },
  ],
};

export interface MenuSearch {
  search: (query: string, limit?: number) => SearchEntry[];
}

export function createMenuSearch(entries: readonly SearchEntry[]): MenuSearch {
  const fuse = new Fuse(entries, MENU_SEARCH_OPTIONS);
  return {
    search: (query, limit = 20) => {
      const q = query.trim();
      return q ? fuse.search(q, { limit }).map((r) => r.item) : [];
    },
  };
}
