import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DomainConfigDetail } from '@gx/contract';
import { useBrowserFixture } from '../support/fixture';
import { chooseOption, clickWhenIdle, fetched } from '../support/conditions';
import { CONSOLE_CONFIG } from './consoleConfig';
import { BRAND_HOST, ok, openConsole, originOf, PNG_1PX, toastWith } from './support';

/**
 * Issue 3 points 4, 6 and 10 on a custom-domain deployment (SPEC §2 page configuration, §6): the console is opened
 * on its own host name, which the server knows as an OEM brand.
 */
describe('custom-domain deployment (Chromium)', () => {
  const shell = useBrowserFixture();
  let templateId: number;
  beforeAll(async () => {
    await ok(shell.url, '/admin/system/website_config', { method: 'add', domain: BRAND_HOST, org_id: 1, domain_oem: 1, home_title: 'Brand Console' }, shell.admin);
    templateId = (await ok<{ id: number }>(shell.url, '/admin/other_business/message_config', {
      method: 'add', name: 'Login code', content: 'Your code is ${code}', template_code: 'SMS_100001',
    }, shell.admin)).id;
  });

  const dialogOf = (page: Page) => page.locator('.ant-modal').filter({ has: page.getByTestId('page-config-form') });
  const openPageConfig = async (page: Page, label: string) => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: label }).click();
    const dialog = dialogOf(page);
    await expect.poll(() => dialog.getByTestId('page-config-title').inputValue()).not.toBe('');
    return dialog;
  };

  it('page configuration: required on blur, image rules, SMS template options; saving reloads with the new branding', async () => {
    const { context, page, origin } = await openConsole(shell.browser, shell.url, shell.admin, { host: BRAND_HOST, language: 'en' });
    const dialog = await openPageConfig(page, 'Page configuration');
    await expect(dialog.getByTestId('page-config-title').inputValue()).resolves.toBe('Brand Console');
    await dialog.getByText('Recommended 48×48, JPG or PNG, smaller than 10MB').waitFor();
    await dialog.getByText('Recommended 317×85, JPG or PNG, smaller than 10MB').waitFor();

    await dialog.getByTestId('page-config-company').focus();
    await dialog.getByTestId('page-config-telephone').focus();
    await dialog.getByText('Please enter the company name').waitFor();
    await dialog.getByTestId('page-config-company-url').fill('ftp://brand.example');
    await dialog.getByTestId('page-config-company').focus();
    await dialog.getByText('The link address must include http or https').waitFor();

    await page.getByTestId('page-config-submit').click();
    await toastWith(page, 'Please fill in the required items').waitFor();
    await dialog.getByText('Please upload the icon').waitFor();
    await dialog.getByText('Please upload the homepage logo').waitFor();

    await dialog.getByTestId('page-config-icon-input').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG_1PX });
    await dialog.getByTestId('page-config-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
    await dialog.getByTestId('page-config-company').fill('Brand Networks Ltd');
    await dialog.getByTestId('page-config-company-url').fill('https://brand.example');
    await dialog.getByTestId('page-config-telephone').fill('400-800-8000');
    await dialog.getByTestId('page-config-sms').click();
    // The options arrive with the templates; click once the dropdown holds the option and has stopped opening, and
    // see the choice in the select before saving (a click lost while the list moved would save no template).
    await chooseOption(page, /^Login code$/);
    await expect.poll(() => dialog.getByTestId('page-config-sms').innerText()).toContain('Login code');
    const reloaded = page.waitForEvent('load');
    await clickWhenIdle(page.getByTestId('page-config-submit'));
    await reloaded;

    await page.waitForFunction(() => document.title === 'Dashboard - Brand Console');
    // Asked from the page, so the server sees the custom domain as the host.
    const saved = await page.evaluate(async ({ token, domain }) => {
      const res = await fetch('/v3/admin/system/personal_data', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ method: 'domain_config', domain }),
      });
      return ((await res.json()) as { data: DomainConfigDetail }).data;
    }, { token: shell.admin, domain: BRAND_HOST });
    expect(saved).toMatchObject({ company: 'Brand Networks Ltd', company_url: 'https://brand.example', telephone: '400-800-8000', msg_id: String(templateId) });
    expect(saved.icon).toMatch(/^\/uploads\//);
    // The favicon URL carries a timestamp so a changed icon is never served from cache (SPEC §9).
    await page.waitForFunction((icon) => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href.startsWith(`${location.origin}${icon}?t=`), saved.icon);
    await expect(page.getByTestId('sidebar').locator('img.gx-sidebar-logo-custom').getAttribute('src')).resolves.toBe(saved.home_logo);
    expect(origin).toContain(BRAND_HOST);
    await context.close();
  });

  it('a refused branding save closes the dialog and reloads the profile', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { host: BRAND_HOST, language: 'zh_CN' });
    const dialog = await openPageConfig(page, '页面配置');
    // The chosen SMS template disappears while the dialog is open: the server refuses the save.
    await ok(shell.url, '/admin/other_business/message_config', { method: 'remove', id: templateId }, shell.admin);
    const reloaded = page.waitForRequest((r) => r.url().endsWith('/v3/admin/system/personal_data') && (r.postData() ?? '').includes('"detail"'));
    await page.getByTestId('page-config-submit').click();
    await toastWith(page, /记录不存在/).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await reloaded;
    await context.close();
  });

  it('hides the QR codes, WeChat binding and the version banner, which belong to the default brand', async () => {
    const context = await shell.browser.newContext({ viewport: { width: 375, height: 740 } });
    await context.route('**/console-config.json', (route) => route.fulfill({ json: { ...CONSOLE_CONFIG, newVersionUrl: 'https://v2.console.invalid/' } }));
    const origin = originOf(shell.url, BRAND_HOST);
    await context.addCookies([
      { name: 'gx-token', value: shell.admin, url: origin },
      { name: 'language', value: 'zh_CN', url: origin },
      { name: 'theme', value: 'dark', url: origin },
    ]);
    const page = await context.newPage();
    await page.goto(`${origin}/dashboard`);
    await page.getByTestId('navbar').waitFor();
    await fetched(page, 'console-config.json');
    await expect(page.getByTestId('version-banner').count()).resolves.toBe(0);
    await expect(page.getByTestId('qr-appDownload-button').count()).resolves.toBe(0);
    await expect(page.getByTestId('qr-support-button').count()).resolves.toBe(0);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '个人资料' }).click();
    await page.getByTestId('profile-name').waitFor();
    await expect(page.getByTestId('wechat-binding').count()).resolves.toBe(0);
    await context.close();
  });

  it('the login page shows the domain title and logo', async () => {
    const context = await shell.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${originOf(shell.url, BRAND_HOST)}/login`);
    await page.getByRole('heading', { name: 'Brand Console' }).waitFor();
    await page.locator('img.gx-login-logo[src^="/uploads/"]').waitFor();
    await context.close();
  });
});
