import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Server menus name their page by a component key (`MenuNode.component`); this registry maps each key to a lazily
 * loaded page, so a page's code is fetched only when it is first opened. Keys the console does not know yet open
 * the area overview, which lists the area's pages and says they are coming.
 */
type Page = LazyExoticComponent<ComponentType>;

export const AREA_PAGE_KEY = 'area/index';

const pages: Record<string, Page> = {
  'dashboard/index': lazy(() => import('../pages/dashboard')),
  [AREA_PAGE_KEY]: lazy(() => import('../pages/area')),
};

export function hasPage(key: string): boolean {
  return Object.hasOwn(pages, key);
}

export function resolvePage(key: string): Page {
  return pages[key] ?? (pages[AREA_PAGE_KEY] as Page);
}
