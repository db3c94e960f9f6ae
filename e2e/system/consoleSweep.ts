import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allPages, areas, pageNames, resources, type ResourceDecl } from '@gx/contract';
import { signedInPage, useBrowserFixture, type BrowserFixture } from '../support/fixture';
import { seriousViolations, type AxeRules, type AxeViolation } from '../support/axe';
import { callApi } from '../support/api';
import { trackRequests, untilStill } from '../support/conditions';
import { openInApp } from '../support/navigate';

/**
 * One walk over the console's pages that checks, on each page at once:
 * - that it opens from the menu inside the running console, shows its own content (its list, or a custom page's
 *   root, never the area's overview) and raises no page error;
 * - accessibility (axe-core): every WCAG 2 A/AA rule in the light theme in Chinese, and the colour rules again in the
 *   dark theme in English. Labels and roles do not depend on the theme, and contrast does not depend on the
 *   language, so every page is read fully once and for contrast in both themes;
 * - stored XSS: hostile markup saved through the API into every free-text field a resource declares (and hostile
 *   HTML into every rich-text field, a notification, an article and a suggestion) is shown as text, or as cleaned
 *   HTML, and never runs, on the list and in the first row's details.
 * The pages come from the area manifests (`allPages()`), so a page added later is swept without a new test. The walk
 * is split by area into files (`sweep.<group>.e2e.ts`) so they run in parallel workers; GROUPS names the areas of
 * each file but the last, which takes every area not named (new areas included).
 */
export const GROUPS = {
  equipment: ['equipment'],
  system: ['dashboard', 'system', 'notification'],
  business: ['business'],
} as const;
export type Group = keyof typeof GROUPS | 'others';

const named = new Set<string>(Object.values(GROUPS).flat());
const areasOf = (group: Group): string[] => (group === 'others'
  ? areas.map((a) => a.key).filter((k) => !named.has(k))
  : [...GROUPS[group]]);

/** The console pages of a group (not the big screens, which open outside the console). */
export function sweptPages(group: Group): string[] {
  const keys = new Set(areasOf(group));
  return allPages().filter(({ area, page }) => keys.has(area.key) && !page.external)
    .map(({ area, page }) => pageNames(area, page).path)
    .filter((path) => !path.includes(':'));
}

/** What shows a page is ready: the dashboard, a custom page's root, or the resource table. */
const READY: Record<string, string> = {
  '/dashboard': 'dashboard',
  '/portal/wechat-menu': 'wechat-menu',
  '/dc/dashboard': 'dc-dashboard',
  '/monitor/templates': 'screen-templates',
  '/sifamodel/sifa': 'programme-editor',
  '/allintelligence/allintelligence': 'scene-editor',
  ...Object.fromEntries(allPages().filter(({ page }) => page.key.startsWith('tp_')).map(({ area, page }) => [pageNames(area, page).path, 'template-editor'])),
};

const MARK = '__gx_xss';
const payloadFor = (max: number | undefined): string => {
  const long = `<img src=x onerror="window.${MARK}=1"><svg onload="window.${MARK}=1"><script>window.${MARK}=1</script>`;
  const short = `<svg onload=${MARK}=1>`;
  return max !== undefined && max < long.length ? short.slice(0, max) : long;
};
const htmlPayload = `<p>hello</p>${payloadFor(undefined)}<a href="javascript:window.${MARK}=1">x</a>`;

/** Adds one row with the payload in every free-text field; a field the rules refuse goes back to its example. */
async function seedResource(f: BrowserFixture, decl: ResourceDecl): Promise<boolean> {
  if (!decl.operations.includes('add') || !decl.example) return false;
  const body: Record<string, unknown> = { method: 'add', ...decl.example };
  const texts = Object.entries(decl.fields).filter(([, d]) => (d.type === 'text' || d.type === 'textarea') && !d.rule && (d.editable ?? 'always') !== 'never');
  for (const [name, d] of texts) body[name] = payloadFor(d.max);
  // Every rich-text field gets hostile HTML: the server cleans it, the details show what is left, and nothing runs.
  for (const [name, d] of Object.entries(decl.fields)) if (d.type === 'richtext' && (d.editable ?? 'always') !== 'never') body[name] = htmlPayload;
  for (let attempt = 0; attempt <= texts.length; attempt++) {
    const r = await callApi(f.url, decl.path, body, f.admin);
    if (r.code === 200) return true;
    if (!r.field || !(r.field in decl.fields)) return false;
    body[r.field] = (decl.example as Record<string, unknown>)[r.field];
  }
  return false;
}

/** The hostile rows, once per file: every resource (a page may show another's rows), a few at a time. */
async function seedPayloads(f: BrowserFixture): Promise<string[]> {
  const seeded: string[] = [];
  const queue = [...resources];
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let decl = queue.shift(); decl; decl = queue.shift()) if (await seedResource(f, decl)) seeded.push(decl.key);
  }));
  const post = (path: string, body: unknown) => callApi<{ id?: number }>(f.url, path, body, f.admin);
  for (const kind of ['notice', 'inform'] as const) {
    const added = await post('/admin/notification/content', { method: 'add', kind, title: payloadFor(200), content: htmlPayload, audience: 'all' });
    expect(added.code).toBe(200);
    expect((await post('/admin/notification/operation', { method: 'publish', id: added.data?.id })).code).toBe(200);
  }
  expect((await post('/admin/boos/warden_proposal', { method: 'form', content: payloadFor(undefined) })).code).toBe(200);
  // An article's rich-text body (HTML, shown as HTML in its details) in a category of its own, published.
  const category = await post('/admin/consult/classification', { method: 'add', name: payloadFor(64) });
  const article = await post('/admin/consult/article', {
    method: 'add', title: payloadFor(200), classification_id: category.data?.id, summary: payloadFor(500), body: htmlPayload,
  });
  expect(article.code).toBe(200);
  expect((await post('/admin/consult/article', { method: 'publish', id: article.data?.id })).code).toBe(200);
  return seeded;
}

interface Pass {
  theme: 'light' | 'dark';
  locale: 'zh-CN' | 'en-US';
  rules: AxeRules;
}
const PASSES: Pass[] = [
  { theme: 'light', locale: 'zh-CN', rules: 'wcag' },
  { theme: 'dark', locale: 'en-US', rules: 'colours' },
];

const ran = (page: Page) => page.evaluate((mark) => (window as unknown as Record<string, unknown>)[mark], MARK);

export function consoleSweep(group: Group): void {
  const pages = sweptPages(group);

  describe(`console sweep: accessibility and stored XSS (Chromium), ${areasOf(group).join(', ')}`, () => {
    let seeded: string[] = [];
    const f = useBrowserFixture({ seed: async (fx) => { seeded = await seedPayloads(fx); } });

    it('sweeps the pages the manifests list for this group', () => {
      expect(pages.length).toBeGreaterThan(0);
      // A custom page says in READY what shows it is drawn; without it the walk would wait for a resource table.
      const custom = allPages().filter(({ page }) => 'custom' in page && page.custom).map(({ area, page }) => pageNames(area, page).path);
      expect(pages.filter((p) => custom.includes(p) && !READY[p])).toEqual([]);
      // Hostile text went into most resources: the walk looks at rendered hostile data, not at empty pages.
      expect(seeded.length).toBeGreaterThanOrEqual(Math.floor(resources.filter((r) => r.operations.includes('add') && r.example).length * 0.6));
    });

    for (const pass of PASSES) {
      it(`every page in ${pass.locale}, ${pass.theme} theme (axe: ${pass.rules === 'wcag' ? 'WCAG 2 A/AA' : 'colours'}), with the payload inert`, async () => {
        const { context, page } = await signedInPage(f, { locale: pass.locale, width: 1440, height: 900, theme: pass.theme });
        await page.waitForFunction((t) => document.documentElement.dataset.theme === t, pass.theme);
        const requests = trackRequests(page);
        const dialogs: string[] = [];
        page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
        const pageErrors: string[] = [];
        page.on('pageerror', (e) => pageErrors.push(e.message));
        // Opening a page, its details or the bell reads and changes nothing, so it must not announce a success (a
        // read the console took for a change once did, on the developer dashboard). The walk stays in one document.
        await page.evaluate(() => {
          const seen: string[] = [];
          (window as unknown as { __gx_announced: string[] }).__gx_announced = seen;
          new MutationObserver(() => {
            for (const el of document.querySelectorAll('.ant-message-notice-success:not([data-gx-seen])')) {
              el.setAttribute('data-gx-seen', '');
              seen.push(`${location.pathname}: ${el.textContent ?? ''}`);
            }
          }).observe(document.body, { childList: true, subtree: true });
        });
        const found: Record<string, AxeViolation[]> = {};
        // The frame (sidebar, navbar, tabs) is read whole on the first page of the pass, then each page without it.
        let frameRead = false;
        const axe = async (where: string) => {
          const v = await seriousViolations(page, pass.rules, frameRead ? 'page' : 'all');
          frameRead = true;
          if (v.length) found[where] = v;
        };
        let shown = 0;
        for (const path of pages) {
          // From page to page inside the console, as its menu moves (support/navigate.ts); only what is visible counts,
          // since the affixed dashboard stays mounted, hidden, behind its tab.
          await openInApp(page, path);
          await page.locator(`[data-testid="${READY[path] ?? 'resource-table'}"]:visible`).first().waitFor();
          await page.locator('.ant-spin-spinning:visible').first().waitFor({ state: 'detached' });
          // A page the manifest binds renders itself, never the area's overview in its place.
          expect(await page.locator('[data-testid="area-overview"]:visible').count(), path).toBe(0);
          // The first pass waits for every call and image (an <img> payload's error fires only once it has failed
          // to load); the second reads colours of the same page, drawn once its table is.
          if (pass === PASSES[0]) await requests.settled();
          await axe(path);
          if (await page.evaluate((mark) => document.body.innerText.includes(mark), MARK)) shown++;
          // The first row's details, where the page offers them: details render every field (in the first pass;
          // the second would render the same markup again).
          const detail = page.locator('[data-testid="row-action-detail"]:visible').first();
          if (pass === PASSES[0] && await detail.count()) {
            await detail.click();
            await untilStill(page.locator('.ant-modal-wrap:visible, .ant-drawer-open').last());
            await requests.idle();
            await page.keyboard.press('Escape');
          }
          expect(await ran(page), `payload ran on ${path}`).toBeUndefined();
        }
        // The payloads reached the screen as text somewhere in this group.
        expect(shown).toBeGreaterThanOrEqual(1);
        if (pages.includes('/system/operation-log')) {
          // An operation log entry's details: fields, the action, the before → after table.
          await openInApp(page, '/system/operation-log');
          await page.getByTestId('row-action-detail').first().click();
          await untilStill(page.getByTestId('resource-detail'));
          await page.getByTestId('change-diff').waitFor();
          await axe('/system/operation-log detail');
        }
        if (pages.includes('/system/user')) {
          // The generic add form, with its labels, pickers and switches, read once the drawer has stopped sliding in
          // (colours half faded in are not the ones a person reads).
          await openInApp(page, '/system/user');
          await page.getByTestId('toolbar-add').click();
          await untilStill(page.getByTestId('resource-form'));
          await page.getByTestId('resource-form-submit').waitFor();
          await axe('/system/user add form');
        }
        if (pages.includes('/dashboard')) {
          // The bell opens the notification dialog, whose items are HTML from the server.
          await openInApp(page, '/dashboard');
          await requests.settled();
          const bell = page.getByTestId('notification-bell');
          if (await bell.count()) {
            await bell.first().click();
            await untilStill(page.locator('.ant-modal-wrap:visible').last());
            await requests.idle();
          }
          expect(await ran(page)).toBeUndefined();
        }
        expect(found).toEqual({});
        expect(await page.evaluate(() => (window as unknown as { __gx_announced: string[] }).__gx_announced)).toEqual([]);
        expect(dialogs).toEqual([]);
        expect(pageErrors).toEqual([]);
        await context.close();
      }, 900_000);
    }
  });
}
