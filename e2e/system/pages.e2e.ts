import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { md5, PICKER_HINT, type Envelope } from '@gx/contract';
import { ADMIN_PASSWORD, startServer, type RunningServer } from '../support/server';
import { launchBrowser, loginThroughForm, newContext } from '../support/browser';
import { fillField, submitForm } from './support';

/** Every system page of the menu (apps/server/src/db/seed/menuSeed.ts), by its path. */
const SYSTEM_PAGES = [
  'user', 'role', 'organization', 'permission', 'button', 'operation-log', 'website-config', 'nic', 'webmaster', 'unit',
  'organization-manager', 'order', 'visit-log', 'authority-group', 'cluster', 'cloud-app',
];

/**
 * The pages rendered from the resource declarations (issue 4 point 2): every system page lists its rows, the form
 * checks fields inline with the contract's texts and shows the server's refusal on its field, pickers cap at 50 with
 * the hint to refine, a tree resource shows its tree, and an action with its own form (reset password) works.
 */
describe('the system pages (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const api = async (path: string, body: Record<string, unknown>, token?: string): Promise<Envelope> => {
    const res = await fetch(`${server.url}/v3${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Envelope;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await newContext(browser, { locale: 'zh-CN' });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await loginThroughForm(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/dashboard$/);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('every system page opens with its list, without a page error', async () => {
    for (const p of SYSTEM_PAGES) {
      await page.goto(`${server.url}/system/${p}`);
      await page.getByTestId('resource-table').first().waitFor();
      expect(await page.getByTestId('area-overview').count(), p).toBe(0);
    }
    expect(pageErrors).toEqual([]);
  });

  it('the permission page shows the menu tree', async () => {
    await page.goto(`${server.url}/system/permission`);
    const row = page.getByTestId('resource-table').locator('tr', { hasText: '系统管理' }).first();
    await row.locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('resource-table').getByText('/system/user', { exact: true }).waitFor();
  });

  it('the add form checks fields inline and shows the server refusing a taken username on that field', async () => {
    await page.goto(`${server.url}/system/user`);
    await page.getByTestId('toolbar-add').click();
    const form = page.getByTestId('resource-form');
    await fillField(page, 'cellphone', '12345');
    await page.getByTestId('resource-form-submit').click();
    await form.getByText('请输入正确的手机号码').waitFor();
    expect(await form.getByText('请填写必填项').count()).toBeGreaterThanOrEqual(2);

    await fillField(page, 'cellphone', '13800138000');
    await fillField(page, 'username', 'admin');
    await fillField(page, 'password', 'Admin@1234');
    await page.getByTestId('resource-form-submit').click();
    await form.getByText('该值已被使用').waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
  });

  it('a picker shows the first 50 and asks to refine the search', async () => {
    const token = ((await api('/admin/index/login', { username: 'admin', password: md5(ADMIN_PASSWORD), code: '' })).data as { token: string }).token;
    for (let i = 0; i < 51; i++) expect((await api('/admin/system/role', { method: 'add', name: `Role ${String(i).padStart(2, '0')}` }, token)).code).toBe(200);
    await page.goto(`${server.url}/system/user`);
    await page.getByTestId('toolbar-add').click();
    await page.getByTestId('resource-form').getByTestId('field-role_ids').first().click();
    await page.getByTestId('field-role_ids-more').getByText(PICKER_HINT.zh_CN).waitFor();
    expect(await page.locator('.ant-select-dropdown:visible .ant-select-item-option').count()).toBeLessThanOrEqual(50);
    await page.keyboard.type('Role 50');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Role 50' }).waitFor();
    await page.getByTestId('field-role_ids-more').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  });

  it('resetting a password asks for the new one and the user signs in with it', async () => {
    await page.goto(`${server.url}/system/user`);
    await page.getByTestId('toolbar-add').click();
    await fillField(page, 'username', 'reset_me');
    await fillField(page, 'password', 'First@123');
    await submitForm(page);
    const row = page.getByTestId('resource-table').locator('tr', { hasText: 'reset_me' });
    await row.getByTestId('row-action-reset_password').click();
    const dialog = page.getByTestId('action-form');
    await (dialog.getByTestId('field-password').locator('xpath=self::input | .//input').first()).fill('Second@123');
    await dialog.getByTestId('action-form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await api('/admin/index/login', { username: 'reset_me', password: md5('Second@123'), code: '' })).code).toBe(200);
  });
});
