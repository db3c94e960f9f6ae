import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { ok, openConsole } from './support';

/** Issue 3 point 2: layout, sidebar and the mobile drawer (SPEC §2 Main layout, Responsive). */
describe('layout (Chromium)', () => {
  const shell = useBrowserFixture();
  beforeAll(async () => {
    // A hidden page and an external link, added the way an administrator adds menus.
    await ok(shell.url, '/admin/system/permission', {
      method: 'add', title: 'Hidden tool', name: 'hiddenTool', path: '/hidden-tool', component: 'area/index', hidden: true, open: true,
    }, shell.admin);
    // And one naming a component no console page answers (the field is free text).
    await ok(shell.url, '/admin/system/permission', {
      method: 'add', title: 'Weekly report', name: 'weeklyReport', path: '/weekly-report', component: 'reports/weekly', hidden: true, open: true,
    }, shell.admin);
    await ok(shell.url, '/admin/system/permission', {
      method: 'add', title: 'Help centre', name: 'helpCentre', path: 'https://help.invalid/start', external: true, open: true,
    }, shell.admin);
  });

  describe('at 1280 px (zh_CN, light)', () => {
    it('the sidebar is 210 px wide and the hamburger collapses it, remembered in a cookie as 1/0', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'zh_CN', theme: 'light' });
      const sidebar = page.getByTestId('sidebar');
      expect((await sidebar.boundingBox())?.width).toBe(210);
      await page.getByTestId('hamburger').click();
      await page.waitForFunction(() => (document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width ?? 0) < 100);
      expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
      await page.reload();
      await page.getByTestId('layout').waitFor();
      expect((await sidebar.boundingBox())?.width).toBeLessThan(100);
      await page.getByTestId('hamburger').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 210);
      expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('1');
      await context.close();
    });

    it('nested menus keep one section open at a time', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'zh_CN' });
      const menu = page.getByTestId('sidebar-menu');
      await menu.getByText('系统管理', { exact: true }).click();
      await menu.getByText('角色管理', { exact: true }).waitFor();
      await menu.getByText('设备管理', { exact: true }).click();
      await menu.getByText('OLT 管理', { exact: true }).waitFor();
      await menu.getByText('角色管理', { exact: true }).waitFor({ state: 'hidden' });
      expect(await page.locator('.ant-menu-submenu-open').count()).toBe(1);
      await menu.getByText('OLT 管理', { exact: true }).click();
      await page.waitForURL(/\/equipment\/olt$/);
      await context.close();
    });

    it('the dashboard and hidden items stay out of the sidebar, though hidden routes still open; an unknown component says so', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'zh_CN' });
      const menu = page.getByTestId('sidebar-menu');
      await menu.getByText('系统管理', { exact: true }).waitFor();
      expect(await menu.getByText('首页', { exact: true }).count()).toBe(0);
      expect(await menu.getByText('Hidden tool').count()).toBe(0);
      await page.goto(`${shell.url}/hidden-tool`);
      await page.locator('[data-testid="area-overview"][data-path="/hidden-tool"]').waitFor();
      // It names the overview as its page (a section index): nothing to warn about.
      expect(await page.getByTestId('area-unbound').count()).toBe(0);
      // An entry naming a component no page answers opens the same overview, saying what is wrong and where to fix it.
      await page.goto(`${shell.url}/weekly-report`);
      await page.locator('[data-testid="area-overview"][data-path="/weekly-report"]').waitFor();
      expect(await page.getByTestId('area-unbound').innerText()).toContain('组件键“reports/weekly”');
      await context.close();
    });

    it('an external link opens in a new tab', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'zh_CN' });
      // The outside site is not part of this network; answer for it so the new tab has something to show.
      await context.route('https://help.invalid/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Help</title>' }));
      const popup = page.waitForEvent('popup');
      await page.getByTestId('sidebar-menu').getByText('Help centre').click();
      expect((await popup).url()).toBe('https://help.invalid/start');
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await context.close();
    });
  });

  describe('at 375 px (en, dark)', () => {
    it('the sidebar is a drawer that the hamburger opens and a route change closes', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { width: 375, height: 740, language: 'en', theme: 'dark' });
      await expect(page.getByTestId('sidebar').isVisible()).resolves.toBe(false);
      await page.getByTestId('hamburger').click();
      const drawer = page.locator('.gx-sidebar-drawer');
      await drawer.getByTestId('sidebar').waitFor();
      await drawer.getByText('System', { exact: true }).click();
      await drawer.getByText('Roles', { exact: true }).click();
      await page.waitForURL(/\/system\/role$/);
      await drawer.waitFor({ state: 'hidden' });
      await context.close();
    });

    it('crossing 992 px switches between the drawer and the 210 px sider', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { width: 375, height: 740, language: 'en', theme: 'dark' });
      await expect(page.getByTestId('layout').getAttribute('class')).resolves.toContain('gx-mobile');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.waitForFunction(() => !document.querySelector('[data-testid="layout"]')?.classList.contains('gx-mobile'));
      await page.setViewportSize({ width: 991, height: 800 });
      await page.waitForFunction(() => document.querySelector('[data-testid="layout"]')?.classList.contains('gx-mobile'));
      await context.close();
    });
  });

  it('draws with antd\'s build-time styles: first in <head>, and antd makes none of them again in the page', async () => {
    // apps/web/scripts/antdStyles.mjs: a list page's frame, search form, table and buttons come from the sheet.
    const { context, page } = await signedInPage(shell, { at: '/system/user' });
    await page.getByTestId('resource-table').waitFor();
    const seen = await page.evaluate(() => {
      const sheet = document.querySelector('link[data-antd-styles]');
      // What antd made in the page: its component styles (token styles, its CSS variables, carry a token hash).
      const made = [...document.querySelectorAll('style[data-css-hash]:not([data-token-hash])')].map((s) => s.textContent ?? '');
      return {
        first: sheet !== null && document.head.querySelector('link[rel="stylesheet"], style:not([data-css-hash]):not([rc-util-key])') === sheet,
        applied: sheet instanceof HTMLLinkElement && sheet.sheet !== null && sheet.sheet.cssRules.length > 0,
        remade: ['ant-btn', 'ant-table', 'ant-col', 'ant-menu', 'ant-select'].filter((c) => made.some((t) => new RegExp(`\\)\\.${c}\\{`).test(t))),
      };
    });
    expect(seen).toEqual({ first: true, applied: true, remade: [] });
    await context.close();
  });
});
