import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { clickInStillDialog } from '../support/conditions';
import { fillField, submitForm } from './support';

/**
 * The shared list, form and confirmation components (issue 18), on the users page as a demanding user meets them
 * at 1440×900: invalid forms, per-row allowed actions, batches, named confirmations, state in the URL, columns.
 */
describe('resource list and form (Chromium, 1440×900)', () => {
  const f = useBrowserFixture({
    async seed({ url, admin }) {
      for (const username of ['batch_a', 'batch_b']) {
        const r = await callApi(url, '/admin/system/user', { method: 'add', username, nickname: `Nick ${username}`, password: 'e10adc3949ba59abbe56e057f20f883e' }, admin);
        expect(r.code).toBe(200);
      }
    },
  });
  let page: Page;
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    ({ page } = await signedInPage(f, {
      locale: 'zh-CN', width: 1440, height: 900, at: null,
      watch: (p) => {
        p.on('pageerror', (e) => pageErrors.push(e.message));
        p.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
      },
    }));
  });

  const table = () => page.getByTestId('resource-table');
  const row = (text: string) => table().locator('tr.ant-table-row', { hasText: text });

  it('an invalid form is a normal outcome: no uncaught error, the first invalid field focused, messages name fields', async () => {
    await page.goto(`${f.url}/system/user`);
    await page.getByTestId('toolbar-add').click();
    const form = page.getByTestId('resource-form');
    await page.getByTestId('resource-form-submit').click();
    await form.getByText('请填写用户名').waitFor();
    await form.getByText('请填写密码').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'field-username');
    // Labels are bound: clicking one focuses its field.
    await form.locator('label', { hasText: '密码' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'field-password');
    // The server's refusal names the field by its label.
    await fillField(page, 'username', 'admin');
    await fillField(page, 'password', 'Admin@1234');
    await page.getByTestId('resource-form-submit').click();
    await form.getByText('用户名：该值已被使用').waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    expect(pageErrors).toEqual([]);
    expect(consoleErrors.filter((e) => /Uncaught|Object/.test(e))).toEqual([]);
  });

  it('the signed-in administrator\'s row offers no action the server would refuse, and cannot be selected', async () => {
    await page.goto(`${f.url}/system/user`);
    const admin = row('admin').filter({ hasNot: page.getByText('batch_') }).first();
    await admin.waitFor();
    expect(await admin.getByTestId('row-action-remove').count()).toBe(0);
    expect(await admin.getByTestId('row-action-disable').count()).toBe(0);
    expect(await admin.getByTestId('row-action-more').count()).toBe(0);
    expect(await admin.locator('.ant-checkbox-input').isDisabled()).toBe(true);
    // Other rows: two links and the rest in "more".
    const other = row('batch_a');
    await other.getByTestId('row-action-detail').waitFor();
    await other.getByTestId('row-action-more').waitFor();
  });

  it('confirmations name the row and count the selection; a batch reports per row', async () => {
    await page.goto(`${f.url}/system/user`);
    await row('batch_a').getByTestId('row-action-more').click();
    await page.locator('.ant-dropdown:visible').getByTestId('row-action-disable').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('确定停用「Nick batch_a (batch_a)」吗？').waitFor();
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    await dialog.waitFor({ state: 'hidden' });
    await row('batch_a').getByText('停用').first().waitFor();

    // Select both; meanwhile someone else removes batch_b: the batch does batch_a and names batch_b with the reason.
    await row('batch_a').locator('.ant-checkbox-input').check();
    await row('batch_b').locator('.ant-checkbox-input').check();
    await page.getByTestId('bulk-action-enable').click();
    await dialog.getByText('确定启用所选的 2 条记录吗？').waitFor();
    const listed = await callApi<{ list: { id: number; username: string }[] }>(f.url, '/admin/system/user', { method: 'list', username: 'batch_b' }, f.admin);
    expect((await callApi(f.url, '/admin/system/user', { method: 'remove', id: listed.data!.list[0]!.id }, f.admin)).code).toBe(200);
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    const report = page.getByTestId('batch-report');
    await report.getByText('启用：1 条完成，1 条未执行').waitFor();
    await report.getByText('Nick batch_b (batch_b)').waitFor();
    await report.locator('.ant-btn-primary').click();
    await row('batch_a').getByText('启用').first().waitFor();
  });

  it('filters, page size and sort live in the URL and survive a reload', async () => {
    await page.goto(`${f.url}/system/user`);
    await page.getByTestId('filter-username').fill('batch');
    await page.getByTestId('filter-search').click();
    await page.waitForURL(/user\.username=batch/);
    await table().locator('th', { hasText: '用户名' }).click();
    await page.waitForURL(/user\.sort=username/);
    await page.reload();
    await row('batch_a').waitFor();
    expect(await table().locator('tr.ant-table-row').count()).toBe(1);
    expect(await page.getByTestId('filter-username').inputValue()).toBe('batch');
    expect(await table().locator('th[aria-sort]').getAttribute('aria-sort')).toBe('ascending');
  });

  it('at 1440 px the table does not scroll sideways; column settings are remembered', async () => {
    await page.goto(`${f.url}/system/user`);
    await row('admin').first().waitFor();
    const scrolls = await page.evaluate(() => {
      const body = document.querySelector('[data-testid="resource-table"] .ant-table-content, [data-testid="resource-table"] .ant-table-body');
      return body ? body.scrollWidth > body.clientWidth + 1 : false;
    });
    expect(scrolls).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByTestId('toolbar-columns').click();
    await page.getByTestId('column-toggle-nickname').click();
    await table().locator('th', { hasText: '姓名' }).waitFor({ state: 'detached' });
    await page.reload();
    await row('admin').first().waitFor();
    expect(await table().locator('th', { hasText: '姓名' }).count()).toBe(0);
    await page.getByTestId('toolbar-columns').click();
    await page.getByTestId('column-reset').click();
    await table().locator('th', { hasText: '姓名' }).waitFor();
  });

  it('the edit drawer names the record and shows its username', async () => {
    await page.goto(`${f.url}/system/user`);
    await row('batch_a').getByTestId('row-action-update').click();
    const form = page.getByTestId('resource-form');
    await form.getByText('编辑 · Nick batch_a (batch_a)').waitFor();
    expect(await form.getByTestId('field-username').inputValue()).toBe('batch_a');
    await fillField(page, 'nickname', 'Renamed');
    await submitForm(page);
  });
});
