import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PersonalDataDetailAnswer, WechatBindData } from '@gx/contract';
import { useBrowserFixture } from '../support/fixture';
import { clickInStillDialog, rendered, trackRequests, untilStill } from '../support/conditions';
import { loginThroughForm } from '../support/browser';
import { addLabPages, closeOverlay, createUser, LAB, ok, openConsole, toastWith, USER_PASSWORD } from './support';

/** Issue 3 point 7: themes and languages (SPEC §1, §4 Theme, Language). */
describe('themes and languages (Chromium)', () => {
  const shell = useBrowserFixture();
  beforeAll(async () => {
    await addLabPages(shell.url, shell.admin);
  });

  const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const themeOnServer = async (token: string) =>
    (await ok<PersonalDataDetailAnswer>(shell.url, '/admin/system/personal_data', { method: 'detail' }, token)).detail.theme;

  it('is light by default; the switch saves the theme on the server first, then applies it', async () => {
    const tina = await createUser(shell.url, shell.admin, { username: 'tina', nickname: 'Tina' });
    const { context, page } = await openConsole(shell.browser, shell.url, tina.token, { language: 'en' });
    expect(await theme(page)).toBe('light');
    expect(await background(page)).toBe('rgb(245, 245, 245)');
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/v3/admin/system/personal_data', async (route) => {
      if ((route.request().postData() ?? '').includes('set_theme')) await held;
      await route.continue();
    });
    const asked = page.waitForRequest((r) => r.url().endsWith('/v3/admin/system/personal_data') && (r.postData() ?? '').includes('set_theme'));
    await page.getByTestId('theme-switch').click();
    await asked;
    await rendered(page);
    // Not applied while the server has not answered.
    expect(await theme(page)).toBe('light');
    release();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await background(page)).toBe('rgb(0, 0, 0)');
    expect(await themeOnServer(tina.token)).toBe('dark');
    expect((await context.cookies()).find((c) => c.name === 'theme')?.value).toBe('dark');
    await page.getByTestId('theme-switch').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(await themeOnServer(tina.token)).toBe('light');
    await context.close();
  });

  it('a theme the server did not save is not applied', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'en' });
    await page.route('**/v3/admin/system/personal_data', (route) =>
      (route.request().postData() ?? '').includes('set_theme') ? route.abort() : route.continue(),
    );
    await page.getByTestId('theme-switch').click();
    await toastWith(page, /^Network error/).waitFor();
    expect(await theme(page)).toBe('light');
    await context.close();
  });

  it('the theme saved on the server applies at sign-in when this browser has none', async () => {
    const dora = await createUser(shell.url, shell.admin, { username: 'dora', nickname: 'Dora' });
    await ok(shell.url, '/admin/system/personal_data', { method: 'set_theme', theme: 'dark' }, dora.token);
    const context = await shell.browser.newContext();
    const page = await context.newPage();
    await loginThroughForm(page, shell.url, 'dora', USER_PASSWORD);
    await page.getByTestId('dashboard').waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await context.close();
  });

  it('zh_CN by default, English for an English browser, and the language cookie wins over both', async () => {
    const cases = [
      { locale: 'zh-CN', cookie: undefined, button: '登录', lang: 'zh-CN' },
      { locale: 'en-US', cookie: undefined, button: 'Log in', lang: 'en' },
      { locale: 'fr-FR', cookie: undefined, button: '登录', lang: 'zh-CN' },
      { locale: 'en-US', cookie: 'zh_CN', button: '登录', lang: 'zh-CN' },
    ];
    for (const c of cases) {
      const context = await shell.browser.newContext({ locale: c.locale });
      if (c.cookie) await context.addCookies([{ name: 'language', value: c.cookie, url: shell.url }]);
      const page = await context.newPage();
      await page.goto(`${shell.url}/login`);
      await expect(page.getByTestId('login-submit').textContent(), c.locale).resolves.toBe(c.button);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(c.lang);
      await context.close();
    }
  });

  it('switching the language changes the texts, antd and date locales, and is kept in a cookie', async () => {
    const wen = await createUser(shell.url, shell.admin, { username: 'wen', nickname: 'Wen' });
    // Bind a WeChat account the way the /wxlogin callback does, so the unbind confirmation (antd's own buttons) shows.
    const bind = await ok<WechatBindData>(shell.url, '/admin/system/personal_data', { method: 'we_chart', id: wen.id }, wen.token);
    const back = new URL(bind.url);
    await ok(shell.url, '/admin/we_chart/user_auth', { code: back.searchParams.get('code'), state: back.searchParams.get('state') }, wen.token);

    const { context, page } = await openConsole(shell.browser, shell.url, wen.token, { language: 'zh_CN' });
    const personalData = async (label: string) => {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: label }).click();
      // The dialog zooms in: a click computed mid-zoom can land beside the button, and no confirmation opens.
      await clickInStillDialog(page.getByTestId('wechat-unbind'));
    };
    await personalData('个人资料');
    // Wen's only sign-in is the one in use, so there is no previous sign-in to show.
    await expect(page.getByTestId('profile-last-login').textContent()).resolves.toBe('暂无');
    const confirm = page.locator('.ant-popconfirm:visible');
    await untilStill(confirm);
    await confirm.getByRole('button', { name: /取\s?消/ }).click();
    await confirm.waitFor({ state: 'hidden' });
    await closeOverlay(page);

    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByTestId('breadcrumb').getByText('Dashboard').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('en');
    await personalData('Personal data');
    await expect(page.getByTestId('profile-last-login').textContent()).resolves.toBe('None');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Cancel' }).waitFor();
    await context.close();
  });

  it.each(['zh_CN', 'en'] as const)('every text of the shell is translated (%s): no raw keys, no other language', async (language) => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language, path: LAB.pages[0] });
    const texts: string[] = [];
    // Dialogs fetch what they show: collect once it has arrived.
    const requests = trackRequests(page);
    const collect = async () => {
      await requests.idle();
      texts.push(await page.locator('body').innerText());
    };
    await collect();
    for (const button of ['suggestion-button', 'notification-bell', 'organization-button']) {
      await page.getByTestId(button).click();
      await untilStill(page.locator('.ant-modal-wrap:visible, .ant-drawer-open').last());
      await collect();
      await closeOverlay(page);
    }
    for (const item of language === 'en' ? ['Personal data', 'Change password', 'Leave inheritance'] : ['个人资料', '修改密码', '离职继承']) {
      await page.getByTestId('user-menu').click();
      await collect();
      await page.getByRole('menuitem', { name: item }).click();
      await untilStill(page.locator('.ant-modal-wrap:visible, .ant-drawer-open').last());
      await collect();
      await closeOverlay(page);
    }
    const all = texts.join('\n');
    expect(all.match(/\b(?:common|navbar|notification|organization|pageConfig|password|profile|succession|suggestion|tagsView|validation|request|pwa|area|dashboard|wxlogin)\.[A-Za-z]+/g)).toBeNull();
    if (language === 'en') {
      // The only Chinese an English console shows is the name of the Chinese language option.
      expect(all.replace(/简体中文/g, '').match(/[\u4e00-\u9fff]+/g)).toBeNull();
    } else {
      expect(all).toMatch(/个人资料/);
    }
    await context.close();
  });
});
