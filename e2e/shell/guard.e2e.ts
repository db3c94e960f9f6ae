import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserFixture } from '../support/fixture';
import { gate } from '../support/conditions';
import { addLabPages, openConsole, toastWith } from './support';

/** Issue 3 point 1: route guard and titles (SPEC §2 Route guard). */
describe('route guard and titles (Chromium)', () => {
  const shell = useBrowserFixture();
  beforeAll(async () => {
    await addLabPages(shell.url, shell.admin);
  });

  it('without a session, a deep link goes to /login with the original path and query as redirect', async () => {
    const context = await shell.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shell.url}/system/role?page=3&q=a%20b`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/system/role?page=3&q=a%20b');
    await context.close();
  });

  it('a signed-in user opening /login is sent to / (the dashboard)', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin);
    await page.goto(`${shell.url}/login`);
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard').waitFor();
    await context.close();
  });

  it('the first navigation loads user info and menus once, registers the routes and repeats the navigation', async () => {
    const context = await shell.browser.newContext();
    await context.addCookies([{ name: 'gx-token', value: shell.admin, url: shell.url }]);
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/v3/admin/index/info' || path === '/v3/admin/index/menu') calls.push(path);
    });
    await page.goto(`${shell.url}/lab/beta?tab=2`);
    // A menu route only exists after the load; reaching it proves the navigation was repeated against it.
    await page.locator('[data-testid="area-overview"][data-path="/lab/beta"]').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/lab/beta?tab=2');
    expect(calls.sort()).toEqual(['/v3/admin/index/info', '/v3/admin/index/menu']);
    await context.close();
  });

  it('a route progress bar runs while the session loads', async () => {
    const context = await shell.browser.newContext();
    await context.addCookies([{ name: 'gx-token', value: shell.admin, url: shell.url }]);
    const page = await context.newPage();
    // Hold the menu answer back until the loading state has been seen.
    const menu = gate();
    await page.route('**/v3/admin/index/menu', async (route) => {
      await menu.wait();
      await route.continue();
    });
    await page.goto(`${shell.url}/dashboard`);
    await page.locator('.gx-route-progress').waitFor({ state: 'visible' });
    menu.open();
    await page.getByTestId('dashboard').waitFor();
    await context.close();
  });

  it('a failed load clears the shell.admin, shows the server message and goes to login keeping the redirect', async () => {
    const context = await shell.browser.newContext({ locale: 'en-US' });
    await context.addCookies([{ name: 'gx-token', value: 'not-a-session-token-at-all-0123456789', url: shell.url }]);
    const page = await context.newPage();
    await page.goto(`${shell.url}/system/user`);
    await page.waitForURL(/\/login\?redirect=%2Fsystem%2Fuser$/);
    await toastWith(page, /Please log in|session has expired|signed out/).waitFor();
    expect((await context.cookies()).some((c) => c.name === 'gx-token')).toBe(false);
    await context.close();
  });

  it('a load failure without a server message shows "Has Error"', async () => {
    const context = await shell.browser.newContext({ locale: 'en-US' });
    await context.addCookies([{ name: 'gx-token', value: shell.admin, url: shell.url }]);
    const page = await context.newPage();
    // A broken answer (no user data) is not a business failure with a message of its own.
    await page.route('**/v3/admin/index/info', (route) => route.fulfill({ json: { code: 200, msg: '' } }));
    await page.goto(`${shell.url}/dashboard`);
    await page.waitForURL(/\/login\?redirect=/);
    await toastWith(page, 'Has Error').waitFor();
    await context.close();
  });

  it('an unknown path leads to /404, signed in or not', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin);
    await page.goto(`${shell.url}/no/such/page`);
    await page.waitForURL(/\/404$/);
    await page.getByTestId('not-found').waitFor();
    await context.close();

    const anonymous = await shell.browser.newContext();
    const p2 = await anonymous.newPage();
    await p2.goto(`${shell.url}/404`);
    await p2.getByTestId('not-found').waitFor();
    await anonymous.close();
  });

  it.each([
    ['zh_CN', '用户管理 - 融合通信云平台', '登录 - 融合通信云平台'],
    ['en', 'Users - Converged Communications Cloud', 'Login - Converged Communications Cloud'],
  ] as const)('the title is "<translated route title> - <site title>" (%s)', async (language, userTitle, loginTitle) => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language, path: '/system/user' });
    await page.waitForFunction((t) => document.title === t, userTitle);
    await context.close();

    const anonymous = await shell.browser.newContext();
    await anonymous.addCookies([{ name: 'language', value: language, url: shell.url }]);
    const p2 = await anonymous.newPage();
    await p2.goto(`${shell.url}/login`);
    await p2.waitForFunction((t) => document.title === t, loginTitle);
    await anonymous.close();
  });

  it('switching the language re-titles the page', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'zh_CN', path: '/system/role' });
    await page.waitForFunction(() => document.title === '角色管理 - 融合通信云平台');
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.title === 'Roles - Converged Communications Cloud');
    await context.close();
  });
});
