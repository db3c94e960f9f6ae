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
  // System area (issue 4): each page is a resource declaration rendered by apps/web/src/resources.
  'system/user': lazy(() => import('../pages/system/user')),
  'system/role': lazy(() => import('../pages/system/role')),
  'system/organization': lazy(() => import('../pages/system/organization')),
  'system/permission': lazy(() => import('../pages/system/permission')),
  'system/button': lazy(() => import('../pages/system/button')),
  'system/operationLog': lazy(() => import('../pages/system/operationLog')),
  'system/websiteConfig': lazy(() => import('../pages/system/websiteConfig')),
  'system/nic': lazy(() => import('../pages/system/nic')),
  'system/webmaster': lazy(() => import('../pages/system/webmaster')),
  'system/unit': lazy(() => import('../pages/system/unit')),
  'system/organizationManager': lazy(() => import('../pages/system/organizationManager')),
  'system/order': lazy(() => import('../pages/system/order')),
  'system/visitLog': lazy(() => import('../pages/system/visitLog')),
  'system/authorityGroup': lazy(() => import('../pages/system/authorityGroup')),
  'system/cluster': lazy(() => import('../pages/system/cluster')),
  'system/cloudApp': lazy(() => import('../pages/system/cloudApp')),
};

export function hasPage(key: string): boolean {
  return Object.hasOwn(pages, key);
}

export function resolvePage(key: string): Page {
  return pages[key] ?? (pages[AREA_PAGE_KEY] as Page);
}
