import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { trackRequests } from '../support/conditions';
import { openInApp } from '../support/navigate';

const PAGES = ['user', 'role', 'organization'] as const;
const SIZES = [{ width: 1440, height: 900 }, { width: 375, height: 812 }] as const;
const LOCALES = ['zh-CN', 'en-US'] as const;
const THEMES = ['light', 'dark'] as const;
/**
 * Every pair of size, language and theme, in four runs rather than all eight: each size is seen in both languages and
 * both themes, and each language in both themes. A layout fault comes from one of them, or from two together (a long
 * English label at phone width); a theme changes colours, not sizes, so no fault needs all three at once.
 */
const COMBINATIONS = SIZES.flatMap((size, s) => LOCALES.map((locale, l) => ({ ...size, locale, theme: THEMES[(s + l) % 2]! })));

/** What the page shows wrongly, if anything: sideways scroll, a header on two rows, data cut or hidden. */
async function layoutProblems(page: Page, mobile: boolean): Promise<string[]> {
  return page.evaluate((isMobile) => {
    const problems: string[] = [];
    const fits = (r: DOMRect) => r.left >= -1 && r.right <= window.innerWidth + 1;
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`page scrolls sideways (${document.documentElement.scrollWidth}px)`);
    const navbar = document.querySelector('[data-testid="navbar"]')?.getBoundingClientRect();
    if (!navbar || navbar.height > 51) problems.push(`header is ${navbar?.height ?? 'missing'}px tall`);
    if (isMobile) {
      const titles = [...document.querySelectorAll<HTMLElement>('[data-testid="resource-card"] .gx-row-card-title')];
      if (!titles.length) problems.push('no card titles');
      if (titles.some((t) => !t.innerText.trim())) problems.push('a card without a title');
      if (new Set(titles.map((t) => t.innerText)).size !== titles.length) problems.push('two cards with the same title');
      for (const card of document.querySelectorAll('[data-testid="resource-card"]')) if (!fits(card.getBoundingClientRect())) problems.push('a card wider than the screen');
    } else {
      const table = document.querySelector('[data-testid="resource-table"]');
      const body = table?.querySelector('.ant-table-content, .ant-table-body');
      if (!body) problems.push('no table');
      else if (body.scrollWidth > body.clientWidth + 1) problems.push('table scrolls sideways');
      const heads = [...(table?.querySelectorAll<HTMLElement>('thead th:not(.ant-table-selection-column)') ?? [])].filter((th) => th.innerText.trim());
      if (heads.length < 3) problems.push(`only ${heads.length} columns`);
      for (const th of heads) if (!fits(th.getBoundingClientRect())) problems.push(`column ${th.innerText} outside the screen`);
      // A cell without an ellipsis must show its whole content (issue 18: created-at cut to "202(").
      for (const td of table?.querySelectorAll<HTMLElement>('tbody tr.ant-table-row td:not(.ant-table-cell-ellipsis):not(.ant-table-selection-column)') ?? []) {
        if (td.scrollWidth > td.clientWidth + 1) problems.push(`cell "${td.innerText}" is cut`);
      }
    }
    return problems;
  }, mobile);
}

/**
 * The users, roles and organisations lists look right (issue 18, "done when") at 1440×900 and 375×812, in both
 * languages and both themes (every pair of them, COMBINATIONS): one browser context per run, every check on each of
 * the three lists.
 */
describe('system lists at desk and phone sizes, both languages and themes (Chromium)', () => {
  const f = useBrowserFixture({
    async seed({ url, admin }) {
      const role = await callApi<{ id: number }>(url, '/admin/system/role', { method: 'add', name: 'Operators of the northern region' }, admin);
      expect(role.code).toBe(200);
      await callApi(url, '/admin/system/role', { method: 'add', name: 'Auditors' }, admin);
      const user = await callApi(url, '/admin/system/user', {
        method: 'add', username: 'looks_user', nickname: 'A rather long display name for layout', password: 'e10adc3949ba59abbe56e057f20f883e',
        cellphone: '13800138000', email: 'looks.user.with.a.long.address@example.com', role_ids: [role.data!.id],
      }, admin);
      expect(user.code).toBe(200);
    },
  });

  it.each(COMBINATIONS)('$width×$height, $locale, $theme', async ({ width, height, locale, theme }) => {
    const mobile = width < 992;
    // Signed in straight onto the first list; the others are opened in turn in the running console.
    let requests: ReturnType<typeof trackRequests> | undefined;
    const { context, page } = await signedInPage(f, { width, height, locale, theme, at: `/system/${PAGES[0]}`, watch: (p) => { requests = trackRequests(p); } });
    try {
      for (const p of PAGES) {
        if (p !== PAGES[0]) await openInApp(page, `/system/${p}`);
        if (mobile) await page.getByTestId('resource-card').first().waitFor();
        else await page.getByTestId('resource-table').locator('tr.ant-table-row').first().waitFor();
        // Referenced rows' labels (a user's roles) arrive after the rows: judged once everything has come.
        await requests!.settled();
        expect(await layoutProblems(page, mobile), p).toEqual([]);
        // The add form opens with Save inside the screen once the drawer has slid in, and the page still fits.
        await page.getByTestId('toolbar-add').click();
        await page.waitForFunction(() => {
          const r = document.querySelector('[data-testid="resource-form-submit"]')?.getBoundingClientRect();
          return Boolean(r && r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth);
        });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), p).toBe(true);
        await page.keyboard.press('Escape');
        await page.getByTestId('resource-form').waitFor({ state: 'hidden' });
      }
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    } finally {
      await context.close();
    }
  });
});
