import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { allPages, pageNames } from '@gx/contract';

/**
 * Server menus name their page by a component key (`MenuNode.component`, `<area>/<page>`); this registry maps each
 * key to a lazily loaded page, so a page's code is fetched only when it is first opened. The keys come from the
 * area manifests (packages/contract/src/areas): a page naming a resource renders that resource with no file of its
 * own; a file `areas/<area>/pages/<page>.tsx` replaces it (or is the page, for pages without a resource). Pages
 * still to be built, and keys the console does not know, open the area overview.
 */
type Page = LazyExoticComponent<ComponentType>;
type PageModule = { default: ComponentType };

export const AREA_PAGE_KEY = 'area/index';

/** Custom pages by file convention: `areas/<area>/pages/<page>.tsx` is the page `<area>/<page>`. */
const customFiles = import.meta.glob<PageModule>('../areas/*/pages/*.tsx');

export function customPageKey(file: string): string {
  const m = /\/areas\/([^/]+)\/pages\/([^/]+)\.tsx$/.exec(file);
  return m ? `${m[1]}/${m[2]}` : file;
}

export const customPageKeys: readonly string[] = Object.keys(customFiles).map(customPageKey);

function resourcePage(resourceKey: string): Page {
  return lazy(async () => {
    const { ResourceKeyPage } = await import('../resources/ResourceKeyPage');
    return { default: () => createElement(ResourceKeyPage, { resourceKey }) };
  });
}

function buildPages(): Record<string, Page> {
  const custom = new Map(Object.entries(customFiles).map(([file, load]) => [customPageKey(file), load]));
  const out: Record<string, Page> = { [AREA_PAGE_KEY]: lazy(() => import('../pages/area')) };
  for (const { area, page } of allPages()) {
    const key = pageNames(area, page).component;
    const file = custom.get(key);
    if (file) out[key] = lazy(file);
    else if (page.resource) out[key] = resourcePage(page.resource);
  }
  return out;
}

const pages = buildPages();

export function hasPage(key: string): boolean {
  return Object.hasOwn(pages, key);
}

export function resolvePage(key: string): Page {
  return pages[key] ?? (pages[AREA_PAGE_KEY] as Page);
}
