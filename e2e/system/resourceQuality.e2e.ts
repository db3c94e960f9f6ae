import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { openInApp } from '../support/navigate';

/**
 * The shared mechanisms behind every resource page (issue 18), where an audit found gaps: hand-written dialogs
 * validate like the resource forms, rows show at most two action links, column settings follow the user to
 * another browser, and a phone's date-range filter fits the screen.
 */
describe('resource page quality (Chromium)', () => {
  const f = useBrowserFixture({
    async seed({ url, admin }) {
      // A department's row: details, edit, delete — exactly three actions, one more than fit as links.
      const unit = await callApi(url, '/admin/system/unit', { method: 'add', name: 'Three actions' }, admin);
      expect(unit.code).toBe(200);
    },
  });
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ({ page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: null, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)) }));
  });
  afterAll(() => {
    // No step of this file may leave an uncaught error behind (an invalid submit used to throw one).
    expect(pageErrors).toEqual([]);
  });

  const focusedIn = (testId: string) =>
    page.waitForFunction((id) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      return Boolean(el && document.activeElement && (el === document.activeElement || el.contains(document.activeElement)));
    }, testId);

  /** Submits an empty dialog: no uncaught error, the first invalid field focused, its message naming it. */
  async function submitEmpty(dialog: Locator, message: string, first: string) {
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await dialog.getByText(message, { exact: true }).waitFor();
    await focusedIn(first);
    expect(await dialog.getByText('Please fill in the required items').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }

  it('hand-written dialogs treat an invalid submit as a normal outcome and name the field', async () => {
    await page.goto(`${f.url}/upgrade/firmware`);
    await page.getByTestId('firmware-upload').click();
    await submitEmpty(page.getByTestId('firmware-upload-dialog'), 'Please enter Version', 'firmware-version');

    await page.goto(`${f.url}/equipment/warehouse`);
    await page.getByTestId('warehouse-provisioning').click();
    await submitEmpty(page.getByTestId('provisioning-dialog'), 'Please enter Batch', 'provisioning-batch');

    await page.goto(`${f.url}/equipment/device`);
    await page.getByTestId('device-claim').click();
    await submitEmpty(page.getByTestId('claim-dialog'), 'Please enter Serial', 'claim-serial');
  });

  it('a row shows at most two action links; the rest are in its "more" menu', async () => {
    await page.goto(`${f.url}/system/unit`);
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: 'Three actions' });
    await row.getByTestId('row-action-more').waitFor();
    const links = row.locator('.gx-row-actions > .ant-btn:not([data-testid="row-action-more"])');
    expect(await links.count()).toBe(2);
    await row.getByTestId('row-action-more').click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await menu.locator('[data-testid^="row-action-"]').first().waitFor();
    // Three actions: two links and one in the menu (it used to be three links and no menu).
    expect(await menu.locator('[data-testid^="row-action-"]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    // Every list row of the system pages keeps to two links.
    for (const p of ['user', 'organization', 'permission', 'unit']) {
      await openInApp(page, `/system/${p}`);
      await page.locator('[data-testid="resource-table"]:visible').locator('tr.ant-table-row').first().waitFor();
      const most = await page.evaluate(() => Math.max(0, ...[...document.querySelectorAll('.gx-row-actions')]
        .map((e) => e.querySelectorAll(':scope > .ant-btn:not([data-testid="row-action-more"])').length)));
      expect(most, p).toBeLessThanOrEqual(2);
    }
  });

  it('column settings follow the user to a fresh browser', async () => {
    const checked = (p: Page, field: string) => p.getByTestId(`column-toggle-${field}`).evaluate((e) => {
      const input = e instanceof HTMLInputElement ? e : e.querySelector('input');
      return Boolean(input?.checked);
    });
    await page.goto(`${f.url}/system/user`);
    await page.getByTestId('resource-table').locator('tr.ant-table-row').first().waitFor();
    await page.getByTestId('toolbar-columns').click();
    await page.getByTestId('column-toggle-nickname').waitFor();
    expect(await checked(page, 'nickname')).toBe(true);
    const saved = page.waitForResponse((r) => r.url().endsWith('/v3/admin/system/personal_data') && (r.request().postData() ?? '').includes('set_preference'));
    await page.getByTestId('column-toggle-nickname').click();
    expect((await (await saved).json() as { code: number }).code).toBe(200);

    const other = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: '/system/user' });
    try {
      await other.page.getByTestId('resource-table').locator('tr.ant-table-row').first().waitFor();
      await other.page.getByTestId('resource-table').locator('th', { hasText: 'Username' }).waitFor();
      expect(await other.page.getByTestId('resource-table').locator('th', { hasText: /^Name$/ }).count()).toBe(0);
      await other.page.getByTestId('toolbar-columns').click();
      await other.page.getByTestId('column-toggle-nickname').waitFor();
      expect(await checked(other.page, 'nickname')).toBe(false);
      // Reset there; it is forgotten on the server too.
      const reset = other.page.waitForResponse((r) => (r.request().postData() ?? '').includes('set_preference'));
      await other.page.getByTestId('column-reset').click();
      await reset;
    } finally {
      await other.context.close();
    }
    const prefs = await callApi<Record<string, unknown>>(f.url, '/admin/system/personal_data', { method: 'preferences' }, f.admin);
    expect(prefs.data).toEqual({});
  });

  it('at 375×812 the date-range filter fits the screen, open or closed', async () => {
    const phone = await signedInPage(f, { locale: 'en-US', width: 375, height: 812, at: '/system/user' });
    const p = phone.page;
    const noSideways = () => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    try {
      await p.getByTestId('resource-cards').waitFor();
      await p.getByTestId('filter-open').click();
      const drawer = p.getByTestId('filter-drawer');
      await drawer.getByTestId('filter-created_at-from').waitFor();
      expect(await noSideways()).toBe(true);
      for (const end of ['from', 'to']) {
        await drawer.getByTestId(`filter-created_at-${end}`).click();
        const popup = p.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
        await popup.waitFor();
        // Its panel has finished opening when its size holds still; then it must lie inside the screen.
        await p.waitForFunction(() => {
          const r = document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')?.getBoundingClientRect();
          return Boolean(r && r.width > 0 && r.left >= 0 && r.right <= window.innerWidth);
        });
        expect(await noSideways(), end).toBe(true);
        await p.keyboard.press('Escape');
        await popup.waitFor({ state: 'hidden' });
      }
    } finally {
      await phone.context.close();
    }
  });
});
