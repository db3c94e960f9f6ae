import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Code } from '@gx/contract';
import { startServer, type RunningServer } from '../support/server';
import { adminToken, api, createUser, launchShellBrowser, openConsole, signIn, toastWith, USER_PASSWORD } from './support';

/** Issue 3 point 9: the request layer as the user meets it (SPEC §7, §8, §4 Session, §9 button debounce). */
describe('request layer (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: string;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchShellBrowser();
    admin = await adminToken(server.url);
    await createUser(server.url, admin, { username: 'rita', nickname: 'Rita' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const SUGGESTION = '**/v3/admin/boos/warden_proposal';
  const sendSuggestion = async (page: Page, text: string) => {
    await page.getByTestId('suggestion-button').click();
    await page.getByTestId('suggestion-content').fill(text);
    await page.getByTestId('suggestion-submit').click();
  };

  it('a slow call shows the loading overlay until it answers; background reads never do', async () => {
    const { context, page } = await openConsole(browser, server.url, admin, { language: 'en' });
    await page.route(SUGGESTION, async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await sendSuggestion(page, 'Slow network here');
    const overlay = page.getByTestId('loading-overlay');
    await overlay.getByText('Loading…').waitFor();
    await toastWith(page, 'Operation succeeded').waitFor();
    await overlay.waitFor({ state: 'detached' });

    await page.route('**/v3/admin/notification/inbox', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('navbar').waitFor();
    await page.waitForTimeout(900);
    await expect(overlay.count()).resolves.toBe(0);
    await context.close();
  });

  it('a refused call shows the server message in the current language', async () => {
    const { context, page } = await openConsole(browser, server.url, admin, { language: 'zh_CN' });
    await page.getByTestId('organization-button').click();
    await page.getByTestId('organization-join').click();
    await page.getByTestId('join-code').fill('NOPE');
    await page.getByTestId('join-submit').click();
    await toastWith(page, '邀请码无效').waitFor();
    await context.close();
  });

  it('1038 shows its message a second time after it closes', async () => {
    const { context, page } = await openConsole(browser, server.url, admin, { language: 'en' });
    // No call of the shell answers 1038 yet; the server's envelope is stood in for on the wire.
    await page.route(SUGGESTION, (route) => route.fulfill({ json: { code: Code.ACTION_REQUIRED, msg: 'Please bind your phone number', method: 'form' } }));
    // Count the notices put on screen with this message: the first, then its repeat once the first has closed.
    await page.evaluate(() => {
      const w = window as { __shown?: number };
      w.__shown = 0;
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes) {
            if (n instanceof HTMLElement && n.matches('.ant-message-notice') && n.textContent === 'Please bind your phone number') w.__shown = (w.__shown ?? 0) + 1;
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await sendSuggestion(page, 'Anything');
    await toastWith(page, 'Please bind your phone number').waitFor();
    await page.waitForFunction(() => (window as { __shown?: number }).__shown === 2, null, { timeout: 10_000 });
    await context.close();
  });

  it('a network failure shows the network error, one message at a time', async () => {
    const { context, page } = await openConsole(browser, server.url, admin, { language: 'en' });
    await page.evaluate(() => {
      const w = window as { __maxToasts?: number };
      w.__maxToasts = 0;
      new MutationObserver(() => {
        w.__maxToasts = Math.max(w.__maxToasts ?? 0, document.querySelectorAll('.ant-message-notice').length);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.route(SUGGESTION, (route) => route.abort());
    await sendSuggestion(page, 'Offline');
    await toastWith(page, 'Network error, please check your connection and try again').waitFor();
    await page.locator('.ant-modal').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Clear cache' }).click();
    await toastWith(page, 'Cache cleared').waitFor();
    expect(await page.evaluate(() => (window as { __maxToasts?: number }).__maxToasts)).toBe(1);
    await context.close();
  });

  it('a session ended elsewhere (1005) resets the token and reloads to login', async () => {
    const token = await signIn(server.url, 'rita', USER_PASSWORD);
    const { context, page } = await openConsole(browser, server.url, token, { language: 'en' });
    await api(server.url, '/admin/index/logout', {}, token);
    await page.getByTestId('theme-switch').click();
    await page.waitForURL(/\/login\?redirect=%2Fdashboard$/);
    expect((await context.cookies()).some((c) => c.name === 'gx-token')).toBe(false);
    await context.close();
  });

  it('logging out clears the token, the tab views and both storages, and returns to login', async () => {
    const token = await signIn(server.url, 'rita', USER_PASSWORD);
    const { context, page } = await openConsole(browser, server.url, token, { language: 'en' });
    await page.evaluate(() => localStorage.setItem('probe', '1'));
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login\?redirect=%2Fdashboard$/);
    await page.getByTestId('login-submit').waitFor();
    expect((await context.cookies()).some((c) => c.name === 'gx-token')).toBe(false);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.getItem('gx-tags-view')])).toEqual([0, null]);
    expect((await api(server.url, '/admin/index/info', {}, token)).code).toBe(Code.SESSION_REVOKED);
    await context.close();
  });

  it('submit buttons are debounced: a double click sends once', async () => {
    const { context, page } = await openConsole(browser, server.url, admin, { language: 'en' });
    let sent = 0;
    page.on('request', (r) => r.url().endsWith('/v3/admin/boos/warden_proposal') && (sent += 1));
    await page.getByTestId('suggestion-button').click();
    await page.getByTestId('suggestion-content').fill('Sent once');
    await page.getByTestId('suggestion-submit').dblclick();
    await toastWith(page, 'Operation succeeded').waitFor();
    await page.waitForTimeout(900);
    expect(sent).toBe(1);
    await context.close();
  });
});
