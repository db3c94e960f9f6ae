import { describe, expect, it } from 'vitest';
import { allPages, pageNames } from '@gx/contract';
import { customPageKeys, hasPage } from './pageRegistry';

/** Menus and console pages derive from the same manifests; neither may name what the other lacks. */
describe('page registry', () => {
  const pages = allPages().map(({ area, page }) => ({ page, key: pageNames(area, page).component }));

  it('has a page for every menu leaf the console routes (resource, custom file or overview)', () => {
    for (const { page, key } of pages) {
      if (page.external) continue;
      if (page.overview) expect(hasPage(key), `${key} is marked overview but has a page`).toBe(false);
      else expect(hasPage(key), `${key} has no page: add apps/web/src/areas/${key.replace('/', '/pages/')}.tsx or name a resource`).toBe(true);
    }
  });

  it('has a menu leaf for every custom page file', () => {
    const keys = new Set(pages.filter(({ page }) => !page.external && !page.overview).map(({ key }) => key));
    expect(customPageKeys.length).toBeGreaterThan(0);
    expect(customPageKeys.filter((k) => !keys.has(k))).toEqual([]);
  });
});
