import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allPages, md5, pageNames, PICKER_HINT, type Envelope } from '@gx/contract';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { fillField, openRow, submitForm } from './support';
import { clickInStillDialog, untilStill } from '../support/conditions';
import { GROUPS, sweptPages, type Group } from './consoleSweep';

/** Every page of the menu that renders a resource (the area manifests), by its path. */
const RESOURCE_PAGES = allPages().filter(({ page }) => page.resource).map(({ area, page }) => pageNames(area, page).path);

/**
 * The pages rendered from the resource declarations (issue 4 point 2): every system page lists its rows, the form
 * checks fields inline with the contract's texts and shows the server's refusal on its field, pickers cap at 50 with
 * the hint to refine, a tree resource shows its tree, and an action with its own form (reset password) works.
 */
describe('the system pages (Chromium)', () => {
  const shell = useBrowserFixture();
  let page: Page;
  const pageErrors: string[] = [];

  const api = async (path: string, body: Record<string, unknown>, token?: string): Promise<Envelope> => {
    const res = await fetch(`${shell.url}/v3${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Envelope;
  };

  beforeAll(async () => {
    ({ page } = await signedInPage(shell, { locale: 'zh-CN', watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)) }));
  });

  // Every resource page is opened from the menu, checked for its list and for page errors, by the console sweep
  // (consoleSweep.ts), which walks every page anyway; walking them again here cost a minute of the browser phase.
  it('every resource page, the SMS templates included, is walked by one of the console sweeps', () => {
    const swept = new Set([...Object.keys(GROUPS), 'others'].flatMap((g) => sweptPages(g as Group)));
    expect(RESOURCE_PAGES).toContain('/portal/sms');
    expect(RESOURCE_PAGES.filter((p) => !swept.has(p))).toEqual([]);
  });

  it('the permission page shows the menu tree', async () => {
    await page.goto(`${shell.url}/system/permission`);
    const row = page.getByTestId('resource-table').locator('tr', { hasText: '系统管理' }).first();
    await row.locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('resource-table').getByText('/system/user', { exact: true }).waitFor();
  });

  it('the add form checks fields inline and shows the server refusing a taken username on that field', async () => {
    await page.goto(`${shell.url}/system/user`);
    await page.getByTestId('toolbar-add').click();
    const form = page.getByTestId('resource-form');
    await fillField(page, 'cellphone', '12345');
    await page.getByTestId('resource-form-submit').click();
    await form.getByText('请输入正确的手机号码').waitFor();
    await form.getByText('请填写用户名').waitFor();
    await form.getByText('请填写密码').waitFor();

    await fillField(page, 'cellphone', '13800138000');
    await fillField(page, 'username', 'admin');
    await fillField(page, 'password', 'Admin@1234');
    await page.getByTestId('resource-form-submit').click();
    await form.getByText('该值已被使用').waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
  });

  it('a picker shows the first 50 and asks to refine the search', async () => {
    const token = shell.admin;
    for (let i = 0; i < 51; i++) expect((await api('/admin/system/role', { method: 'add', name: `Role ${String(i).padStart(2, '0')}` }, token)).code).toBe(200);
    await page.goto(`${shell.url}/system/user`);
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
    await page.goto(`${shell.url}/system/user`);
    await page.getByTestId('toolbar-add').click();
    await fillField(page, 'username', 'reset_me');
    await fillField(page, 'password', 'First@123');
    await submitForm(page);
    const row = page.getByTestId('resource-table').locator('tr', { hasText: 'reset_me' });
    await openRow(page, row, 'reset_password');
    const dialog = page.getByTestId('action-form');
    await untilStill(dialog);
    await (dialog.getByTestId('field-password').locator('xpath=self::input | .//input').first()).fill('Second@123');
    await clickInStillDialog(dialog.getByTestId('action-form-submit'));
    await dialog.waitFor({ state: 'hidden' });
    expect((await api('/admin/index/login', { username: 'reset_me', password: md5('Second@123'), code: '' })).code).toBe(200);
  });

  it('none of the pages above raised a page error', () => {
    expect(pageErrors).toEqual([]);
  });
});
