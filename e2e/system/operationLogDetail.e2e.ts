import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PLATFORM_ORG_ID } from '@gx/contract';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { openInApp } from '../support/navigate';

const TZ = 'America/New_York';

/** An ISO instant as the console shows it in the browser's time zone: YYYY-MM-DD HH:mm:ss. */
function localTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * The operation log's detail (issue 18 point 8): the entry names its object and action, and an update's before →
 * after reads as labelled field rows with the values the list would show — option labels, referenced rows by name,
 * local time in the browser's time zone — in either language, never as JSON or ISO strings.
 */
describe('operation log detail (Chromium)', () => {
  let userId = 0;
  let createdAt = '';
  const f = useBrowserFixture({
    async seed({ url, admin }) {
      const role = await callApi<{ id: number }>(url, '/admin/system/role', { method: 'add', name: 'Auditors' }, admin);
      const user = await callApi<{ id: number; created_at: string }>(url, '/admin/system/user', {
        method: 'add', username: 'log_subject', nickname: 'Log Subject', sex: 1, password: 'e10adc3949ba59abbe56e057f20f883e',
      }, admin);
      expect(user.code).toBe(200);
      userId = user.data!.id;
      createdAt = user.data!.created_at;
      const updated = await callApi(url, '/admin/system/user', { method: 'update', id: userId, nickname: 'Renamed Subject', sex: 0, role_ids: [role.data!.id] }, admin);
      expect(updated.code).toBe(200);
    },
  });

  const openEntry = async (page: Page): Promise<Locator> => {
    const action = encodeURIComponent('/admin/system/user#update');
    await page.goto(`${f.url}/system/operation-log?operation_log.target=${userId}&operation_log.action=${action}`);
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row').first();
    await row.getByText('Renamed Subject (log_subject)').waitFor();
    await row.getByTestId('row-action-detail').click();
    const drawer = page.getByTestId('resource-detail');
    await drawer.getByTestId('change-diff').waitFor();
    return drawer;
  };
  const cellText = (drawer: Locator, id: string) => drawer.getByTestId(id).innerText();
  let en: Page;

  beforeAll(async () => {
    ({ page: en } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, timezoneId: TZ }));
  });

  it('names the object and the action, and shows the change as labelled rows with readable values', async () => {
    const drawer = await openEntry(en);
    await drawer.getByText('Users · Edit').first().waitFor();
    await drawer.getByText('Renamed Subject (log_subject)').first().waitFor();
    expect(await cellText(drawer, 'diff-field-nickname')).toBe('Name');
    expect(await cellText(drawer, 'diff-before-nickname')).toBe('Log Subject');
    expect(await cellText(drawer, 'diff-after-nickname')).toBe('Renamed Subject');
    expect(await cellText(drawer, 'diff-field-sex')).toBe('Gender');
    expect(await cellText(drawer, 'diff-before-sex')).toBe('Male');
    expect(await cellText(drawer, 'diff-after-sex')).toBe('Female');
    expect(await cellText(drawer, 'diff-field-role_ids')).toBe('Roles');
    await drawer.getByTestId('diff-after-role_ids').getByText('Auditors').waitFor();
    expect(await cellText(drawer, 'diff-before-role_ids')).toBe('-');
    // Unchanged fields on demand: the creation time in the browser's time zone.
    await drawer.getByTestId('change-diff-only-changed').click();
    await drawer.getByTestId('diff-before-created_at').waitFor();
    expect(await cellText(drawer, 'diff-before-created_at')).toBe(localTime(createdAt, TZ));
    // Nothing reads as the wire does: no ISO instants, no JSON.
    const text = await drawer.getByTestId('change-diff').innerText();
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
    expect(text).not.toMatch(/[[\]{}"]/);
    expect(await drawer.locator('pre, .gx-json').count()).toBe(0);
  });

  // Platform staff see every organisation's sign-ins (and licences and orders): each row names its organisation.
  it('the visit log and the operation log name the organisation of each row', async () => {
    const org = await callApi<{ name: string }>(f.url, '/admin/system/organization', { method: 'detail', id: PLATFORM_ORG_ID }, f.admin);
    await en.keyboard.press('Escape');
    await en.getByTestId('resource-detail').waitFor({ state: 'hidden' });
    await openInApp(en, '/system/visit-log');
    const table = en.getByTestId('resource-table');
    await table.locator('th', { hasText: 'Organisation' }).first().waitFor();
    await table.locator('tr.ant-table-row').first().getByText(org.data!.name, { exact: true }).waitFor();
    // The operation log names it too, rather than by its number.
    await openInApp(en, '/system/operation-log');
    const log = en.locator('[data-testid="resource-table"]:visible');
    await log.locator('th', { hasText: 'Organisation' }).first().waitFor();
    await log.locator('tr.ant-table-row').first().getByText(org.data!.name, { exact: true }).waitFor();
  });

  it('reads the same entry in Chinese', async () => {
    const { page, context } = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900, timezoneId: TZ });
    await page.getByTestId('navbar').waitFor();
    const drawer = await openEntry(page);
    await drawer.getByText('用户管理 · 编辑').first().waitFor();
    expect(await cellText(drawer, 'diff-field-sex')).toBe('性别');
    expect(await cellText(drawer, 'diff-before-sex')).toBe('男');
    expect(await cellText(drawer, 'diff-after-sex')).toBe('女');
    await drawer.getByTestId('diff-after-role_ids').getByText('Auditors').waitFor();
    await context.close();
  });
});
