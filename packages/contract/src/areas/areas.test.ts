import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../codes';
import { RULES } from '../resources/rules';
import { permissionKeysOf } from '../resources/fields';
import { resourceByKey, resources } from '../resources';
import { contractIndex, pagesIndex } from '../../../../scripts/indexes.mjs';
import { declarations } from '../resources/declarations.generated';
import { allPages, areas, declaredPermissions, menuTree, pageNames, pageOfPermission, pageResources, routeTitles, withDeclaredPages, type MenuEntry } from './index';

/** The manifests are the one list menus, titles, pages and grants derive from: they must be complete and consistent. */

const entries = (list: MenuEntry[]): MenuEntry[] => list.flatMap((m) => [m, ...entries(m.children ?? [])]);

describe('area manifests', () => {
  it('name areas, pages, menus and paths once each', () => {
    const unique = (xs: string[]) => expect(xs.filter((x, i) => xs.indexOf(x) !== i)).toEqual([]);
    unique(areas.map((a) => a.key));
    unique(entries(menuTree()).map((m) => m.name));
    unique(entries(menuTree()).map((m) => m.path));
    unique(allPages().map(({ area, page }) => pageNames(area, page).component));
  });

  it('title every area, page and page button in zh_CN and en', () => {
    for (const a of areas) for (const lang of LANGS) expect(a.title[lang]?.trim(), `${a.key} ${lang}`).toBeTruthy();
    for (const { area, page } of allPages()) for (const lang of LANGS) expect(page.title[lang]?.trim(), `${area.key}.${page.key} ${lang}`).toBeTruthy();
    for (const p of declaredPermissions()) {
      expect(p.key).toMatch(RULES.permissionKey.re);
      for (const lang of LANGS) expect(p.label[lang]?.trim(), `${p.key} ${lang}`).toBeTruthy();
    }
  });

  it('give every menu title a text in both languages', () => {
    for (const lang of LANGS) {
      const titles = routeTitles(lang);
      const missing = entries(menuTree()).map((m) => m.title.slice('route.'.length)).filter((k) => !titles[k]);
      expect(missing, lang).toEqual([]);
    }
  });

  it('say what each page renders: a resource that exists, a custom page, an external link or the overview', () => {
    for (const { area, page } of allPages()) {
      const where = `${area.key}.${page.key}`;
      const kinds = [page.resource !== undefined, page.custom === true, page.external === true, page.overview === true].filter(Boolean);
      expect(kinds.length, where).toBe(1);
      for (const r of pageResources(page)) expect(resourceByKey(r), `${where} names ${r}`).toBeDefined();
    }
  });

  it('show a page under the title of the resource it lists, so the two never drift', () => {
    for (const { page } of allPages()) {
      const decl = page.resource ? resourceByKey(page.resource) : undefined;
      if (decl) expect(page.title, page.key).toEqual(decl.title);
    }
  });

  it('put every resource on exactly one page, so each of its buttons is granted under a menu', () => {
    for (const r of resources) {
      const pages = allPages().filter(({ page }) => pageResources(page).includes(r.key));
      expect(pages.length, r.key).toBe(1);
      for (const key of permissionKeysOf(r)) expect(pageOfPermission(key), key).toBeDefined();
    }
  });

  it('declare a page button once, outside every resource of the product', () => {
    const keys = declaredPermissions().map((p) => p.key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const k of keys) expect(resources.some((r) => permissionKeysOf(r).includes(k)), k).toBe(false);
  });

  it('collect every declaration through a current generated index (run node scripts/indexes.mjs when this fails)', () => {
    const index = contractIndex();
    expect(readFileSync(index.path, 'utf8') === index.text, 'resources/declarations.generated.ts is stale').toBe(true);
  });

  it('place every page a declaration asks for in its area, under the declaration\'s title', () => {
    for (const d of declarations) {
      if (!d.page) continue;
      const area = areas.find((a) => a.key === d.page?.area);
      expect(area, `${d.key}: area ${d.page.area}`).toBeDefined();
      const page = area?.pages.find((p) => p.key === d.page?.key);
      expect(page?.resource, `${d.key}: page ${d.page.key}`).toBe(d.key);
      if (d.page.after) expect(area?.pages[(area.pages.indexOf(page as never)) - 1]?.key, `${d.key} after`).toBe(d.page.after);
    }
  });

  it('refuse a page placed after a page its area does not have', () => {
    const area = areas[0];
    if (!area) throw new Error('no areas');
    const lost = { area: area.key, key: 'lost', after: 'no-such-page', resource: 'x.lost', title: { zh_CN: '丢失', en: 'Lost' } };
    expect(() => withDeclaredPages(area, [lost])).toThrow(/no-such-page/);
  });

  it('derive pages from a current pages index (run node scripts/indexes.mjs when this fails)', () => {
    const index = pagesIndex(declarations);
    expect(readFileSync(index.path, 'utf8') === index.text, 'areas/pages.generated.ts is stale').toBe(true);
  });
});
