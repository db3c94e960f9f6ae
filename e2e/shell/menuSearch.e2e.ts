import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserFixture } from '../support/fixture';
import { ok, openConsole, pick, type Lang } from './support';

/** Issue 9 point 7 and issue 18 point 12: menu search by pinyin, ranked, and opened with Ctrl+K / ⌘K. */
describe('menu search (Chromium)', () => {
  const shell = useBrowserFixture({
    // Pages whose titles all hold "olt" somewhere, added in an order that is not the useful one.
    seed: async ({ url, admin }) => {
      const section = await ok<{ id: number }>(url, '/admin/system/permission', {
        method: 'add', title: 'Access network', name: 'accessNet', path: '/access', component: 'layout', open: true, sort: 950,
      }, admin);
      for (const [i, title] of ['Voltage alarms', 'Bolted racks', 'Gateway OLT uplinks', 'OLT ports', 'OLT'].entries()) {
        await ok(url, '/admin/system/permission', {
          method: 'add', parent_id: section.id, title, name: `access${i}`, path: `/access/p${i}`, component: 'area/index', open: true, sort: i,
        }, admin);
      }
    },
  });

  const options = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

  /** Replaces what the search box holds with `query` and returns the options once they answer it. */
  async function search(page: Page, query: string, first: string | RegExp): Promise<string[]> {
    const input = page.locator('.gx-header-search input');
    await input.fill('');
    await input.pressSequentially(query);
    const expected = typeof first === 'string' ? first : expect.stringMatching(first);
    await expect.poll(() => options(page).first().getAttribute('title')).toEqual(expected);
    return (await options(page).evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? '')));
  }

  describe.each(['zh_CN', 'en'] as const)('in %s', (language: Lang) => {
    const users = pick(language, '系统管理 > 用户管理', 'System > Users');

    it('Ctrl+K opens the search; 用户管理 is found by pinyin, initials, spaced syllables, either title and its path', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language });
      await page.keyboard.press('Control+k');
      // The box's code (with pinyin-pro) loads on first use.
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.gx-header-search') !== null)).toBe(true);
      for (const query of ['yonghu', 'yhgl', 'yong hu guan li', '用户管理', 'Users', '/system/user']) {
        await search(page, query, users);
      }
      await options(page).first().click();
      await page.waitForURL(/\/system\/user$/);
      await context.close();
    });

    it('"olt" lists the exact title first, then prefixes, then whole words, then loose matches; ⌘K opens the box', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language });
      await page.getByTestId('header-search').click();
      await search(page, 'olt', / > OLT$/);
      // The page titles ranked: exactly "OLT" (the seeded devices page too), then titles starting with it, then
      // those holding it as a word, then the rest (loose matches such as "Voltage alarms") — never out of order.
      const pageOf = (t: string) => (t.split(' > ').pop() ?? '').toLowerCase();
      const rankOf = (t: string) => (pageOf(t) === 'olt' ? 0 : pageOf(t).startsWith('olt') ? 1 : /(^|[^a-z0-9])olt($|[^a-z0-9])/.test(t.toLowerCase()) ? 2 : 3);
      // Each keystroke is answered in turn: wait for the answer to the whole query (it holds the loose match too).
      const read = () => options(page).evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
      await expect.poll(async () => (await read()).includes('Access network > Voltage alarms')).toBe(true);
      const titles = await read();
      const ranks = titles.map(rankOf);
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
      expect(titles).toEqual(expect.arrayContaining(['Access network > OLT', 'Access network > OLT ports', 'Access network > Gateway OLT uplinks', 'Access network > Voltage alarms']));
      expect(rankOf('Access network > Gateway OLT uplinks')).toBe(2);
      // Leaving the box closes it; ⌘K (a Mac's Ctrl+K) opens it again with the focus in it.
      await page.getByTestId('breadcrumb').click();
      await page.locator('.gx-header-search').waitFor({ state: 'detached' });
      await page.keyboard.press('Meta+k');
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.gx-header-search') !== null)).toBe(true);
      await context.close();
    });
  });
});
