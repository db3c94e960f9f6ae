import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { md5 } from '@gx/contract';
import { ADMIN_PASSWORD } from '../support/server';
import { loginThroughForm, newContext } from '../support/browser';
import { useBrowserFixture } from '../support/fixture';
import { callApi } from '../support/api';
import { moveInApp } from '../support/navigate';

/**
 * Small layout defects of issue 18 point 12: the last sign-in is the previous one, the theme switch does not toast,
 * the English brand is not cut, the sidebar logo stays while the menu scrolls, overflowing tabs get arrows.
 */
describe('layout polish (Chromium)', () => {
  const f = useBrowserFixture();
  let page: Page;

  beforeAll(async () => {
    const context = await newContext(f.browser, { locale: 'en-US', width: 1024, height: 600 });
    page = await context.newPage();
  });

  it('the first sign-in says so; the next one shows the one before, not itself', async () => {
    // An account nobody has signed in with yet (the fixture has signed the administrator in through the API).
    const added = await callApi(f.url, '/admin/system/user', { method: 'add', username: 'first_timer', password: md5('123456') }, f.admin);
    expect(added.code).toBe(200);
    await loginThroughForm(page, f.url, 'first_timer', '123456');
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard').getByText('First login').waitFor();
    await page.context().clearCookies();
    await loginThroughForm(page, f.url, 'first_timer', '123456');
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard').getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d from 127\.0\.0\.1$/).waitFor();
    // The tests below work as the administrator.
    await page.context().clearCookies();
    await loginThroughForm(page, f.url, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/dashboard$/);
  });

  it('switching the theme shows no "operation succeeded" toast', async () => {
    const saved = page.waitForResponse((r) => r.url().includes('/v3/') && (r.request().postData() ?? '').includes('set_theme'));
    await page.getByTestId('theme-switch').click();
    await saved;
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    await page.getByTestId('theme-switch').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  });

  it('the English brand shows whole, and the logo stays while the menu scrolls', async () => {
    const title = page.locator('.gx-sidebar-logo-title');
    await title.waitFor();
    expect(await title.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight)).toBe(true);
    // On a system page its section is open: the menu is taller than the 600 px window; scroll it to the end.
    await page.goto(`${f.url}/system/user`);
    await page.getByTestId('resource-table').waitFor();
    await page.locator('.gx-sidebar-fixed').evaluate((e) => { e.scrollTop = e.scrollHeight; });
    await page.waitForFunction(() => (document.querySelector('.gx-sidebar-fixed')?.scrollTop ?? 0) > 0);
    const box = await page.locator('.gx-sidebar-logo').boundingBox();
    expect(box?.y).toBe(0);
  });

  it('tabs that overflow the strip get scroll arrows', async () => {
    // Twelve pages opened as the menu opens them (a reload each was ~1.2 s of the browser's and the server's CPU).
    for (const p of ['user', 'role', 'organization', 'permission', 'button', 'operation-log', 'website-config', 'nic', 'webmaster', 'unit', 'order', 'visit-log']) {
      await moveInApp(page, `/system/${p}`);
      await page.locator('[data-testid="resource-table"]:visible').first().waitFor();
    }
    await page.getByTestId('tags-scroll-left').waitFor();
    await page.getByTestId('tags-scroll-left').click();
    await page.getByTestId('tags-scroll-right').waitFor();
  });
});
