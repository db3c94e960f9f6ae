import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { downloaded } from '../support/browser';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { clickInStillDialog, toastShown, untilStill } from '../support/conditions';
import { openRow } from './support';

const PASSWORD_MD5 = 'e10adc3949ba59abbe56e057f20f883e';
/** Zones away from UTC (and from each other), so a UTC string in an export cannot pass for local time. */
const ZONE_ZH = 'Asia/Kolkata';
const ZONE_EN = 'America/New_York';
/** A role name far wider than the roles column. */
const LONG_ROLE = 'Operators of the northern region and its outlying districts';

/** "YYYY-MM-DD HH:mm:ss" of an instant in a zone, as the lists show it. */
function localTime(iso: string, timeZone: string): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * The shared resource components (issue 18) on the system pages, each behaviour a demanding user met broken:
 * gender default, import and export texts, list state in the URL, long cells, column settings,
 * named confirmations and removing rows in use in one batch.
 */
describe('resource pages, point by point (Chromium, 1440×900)', () => {
  const f = useBrowserFixture({
    async seed({ url, admin }) {
      const ok = async <T>(path: string, body: Record<string, unknown>) => {
        const r = await callApi<T>(url, path, body, admin);
        expect(r.code, `${path} ${JSON.stringify(body)}: ${r.msg}`).toBe(200);
        return r.data as T;
      };
      const user = (body: Record<string, unknown>) => ok<{ id: number }>('/admin/system/user', { method: 'add', password: PASSWORD_MD5, ...body });
      for (let i = 0; i < 25; i++) await user({ username: `pg_${String(i).padStart(2, '0')}`, nickname: `Paged ${i}` });
      const exportRole = await ok<{ id: number }>('/admin/system/role', { method: 'add', name: 'Export role' });
      await user({ username: 'exp_user', nickname: 'Exported', sex: 1, role_ids: [exportRole.id] });
      const longRole = await ok<{ id: number }>('/admin/system/role', { method: 'add', name: LONG_ROLE });
      await user({ username: 'long_user', nickname: `Long ${'name '.repeat(11)}end`.slice(0, 64), email: `${'a'.repeat(60)}@example.com`, role_ids: [longRole.id] });
      await user({ username: 'plain_user', nickname: 'Plain', cellphone: '13800138010' });
      for (const name of ['Held A', 'Held B']) {
        const role = await ok<{ id: number }>('/admin/system/role', { method: 'add', name });
        await user({ username: `holder_${name.slice(-1).toLowerCase()}`, nickname: `Holder ${name.slice(-1)}`, role_ids: [role.id] });
      }
    },
  });
  let page: Page;

  beforeAll(async () => {
    ({ page } = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900, timezoneId: ZONE_ZH, at: null }));
  });

  const table = () => page.getByTestId('resource-table');
  const row = (text: string) => table().locator('tr.ant-table-row', { hasText: text });

  it('gender is "not specified" unless chosen: in the add form and in a new user\'s personal data', async () => {
    await page.goto(`${f.url}/system/user`);
    await page.getByTestId('toolbar-add').click();
    const form = page.getByTestId('resource-form');
    const sex = form.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: '性别' }) });
    await sex.getByText('未指定').waitFor();
    expect(await sex.getByText('男', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });

    const { context, page: own } = await signedInPage(f, { locale: 'en-US', username: 'plain_user', password: '123456' });
    try {
      await own.getByTestId('user-menu').click();
      await own.getByRole('menuitem', { name: 'Personal data' }).click();
      const gender = own.getByTestId('profile-gender');
      await gender.getByText('Not specified').waitFor();
      await expect.poll(() => gender.locator('input[value="2"]').isChecked()).toBe(true);
      expect(await gender.locator('input[value="1"]').isChecked()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('import toasts name fields by their label and a successful import counts the rows', async () => {
    await page.goto(`${f.url}/system/user`);
    await page.getByTestId('toolbar-import').click();
    const dialog = page.getByTestId('import-dialog');
    const upload = async (lines: string[]) => {
      await dialog.locator('input[type=file]').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8') });
      await dialog.getByTestId('import-submit').click();
    };
    // A file without rows: the refusal names the file as the user knows it, not the request field.
    await upload(['用户名,姓名,密码']);
    // Toasts are read from the page's record of them: one lives 3 s, which a busy test process can miss on screen.
    const noRows = await toastShown(page, '没有数据行');
    expect(noRows).toMatch(/^\s*文件：/);
    expect(noRows).not.toMatch(/\([a-z_]+\)/);
    await dialog.getByTestId('import-file-error').filter({ hasText: '文件' }).waitFor();
    // Bad rows: listed by row and column label; the toast leaks no internal name either.
    await upload(['用户名,姓名,密码', 'x,Bad,1']);
    await dialog.getByTestId('import-errors').waitFor();
    const refused = await toastShown(page, '部分行有误');
    expect(refused).toMatch(/^\s*文件：/);
    expect(refused).not.toMatch(/\([a-z_]+\)|\b(username|password|file)\b/);
    const columns = await dialog.getByTestId('import-errors').locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(columns).toEqual(expect.arrayContaining(['用户名', '密码']));
    // A good file: the toast says how many rows came in.
    await upload(['用户名,姓名,密码', 'imp_one,Imp One,Good@1234', 'imp_two,Imp Two,Good@1234', 'imp_three,Imp Three,Good@1234']);
    await toastShown(page, '已导入 3 条');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('exports read as the list does: local time of the user\'s zone, option and role labels, in both languages', async () => {
    const listed = await callApi<{ list: { created_at: string }[] }>(f.url, '/admin/system/user', { method: 'list', username: 'exp_user' }, f.admin);
    const createdAt = listed.data!.list[0]!.created_at;
    const exported = async (p: Page) => {
      await p.goto(`${f.url}/system/user`);
      await p.getByTestId('resource-table').getByText('exp_user', { exact: true }).waitFor();
      await p.getByTestId('toolbar-export').click();
      const download = p.waitForEvent('download');
      await p.getByTestId('export-csv').click();
      const text = (await downloaded(await download)).toString('utf8').replace(/^\uFEFF/, '');
      const lines = text.split(/\r?\n/);
      return { header: lines[0] ?? '', line: lines.find((l) => l.includes('exp_user')) ?? '', text };
    };
    const zh = await exported(page);
    expect(zh.header).toContain('用户名');
    for (const word of ['男', '启用', 'Export role', localTime(createdAt, ZONE_ZH)]) expect(zh.line, word).toContain(word);
    // No raw values: no ISO instants, no option numbers where words belong.
    expect(zh.text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);

    const { context, page: en } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, timezoneId: ZONE_EN });
    try {
      const out = await exported(en);
      expect(out.header).toContain('Username');
      for (const word of ['Male', 'Enabled', 'Export role', localTime(createdAt, ZONE_EN)]) expect(out.line, word).toContain(word);
      expect(out.text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    } finally {
      await context.close();
    }
  });

  it('page, page size, sort and filter live in the URL: kept on reload and across a tab switch', async () => {
    await page.goto(`${f.url}/system/user`);
    await page.getByTestId('filter-username').fill('pg_');
    await page.getByTestId('filter-search').click();
    await page.waitForURL(/user\.username=pg_/);
    await table().locator('th', { hasText: '用户名' }).click();
    await page.waitForURL(/user\.sort=username/);
    // The sorted page must have arrived: a reload of the table re-renders the pager and closes its open menu.
    await expect.poll(() => table().locator('.ant-spin-spinning').count()).toBe(0);
    await page.locator('.ant-pagination-options .ant-select').click();
    const sizes = page.locator('.ant-select-dropdown:visible');
    await untilStill(sizes);
    await sizes.locator('.ant-select-item-option').filter({ hasText: /^10\b/ }).click();
    await page.waitForURL(/user\.size=10/);
    await page.locator('.ant-pagination-item-2').click();
    await page.waitForURL(/user\.page=2/);
    const expectState = async () => {
      const params = new URL(page.url()).searchParams;
      expect([params.get('user.page'), params.get('user.size'), params.get('user.sort'), params.get('user.username')]).toEqual(['2', '10', 'username', 'pg_']);
      await page.locator('.ant-pagination-item-active').filter({ hasText: /^2$/ }).waitFor();
      await table().locator('tr.ant-table-row').first().filter({ hasText: 'pg_10' }).waitFor();
      await expect.poll(() => table().locator('tr.ant-table-row').count()).toBe(10);
      expect(await page.getByTestId('filter-username').inputValue()).toBe('pg_');
      await page.locator('.ant-pagination-options [title="10 条/页"]:not([role="option"])').waitFor();
    };
    await expectState();
    await page.reload();
    await expectState();
    // Another tab and back: the list's tab returns to the same state.
    const tags = page.getByTestId('tags-view').getByTestId('tag');
    await tags.filter({ hasNotText: '用户管理' }).first().click();
    await page.waitForURL((u) => !u.pathname.startsWith('/system/user'));
    await tags.filter({ hasText: '用户管理' }).click();
    await page.waitForURL(/\/system\/user/);
    await expectState();
  });

  it('a long cell or role tag ends in an ellipsis and shows the whole value in a tooltip on hover', async () => {
    await page.goto(`${f.url}/system/user?user.username=long_user`);
    const cell = row('long_user').locator('td.ant-table-cell-ellipsis').filter({ hasText: 'Long name' });
    await cell.waitFor();
    expect(await cell.evaluate((td) => td.scrollWidth > td.clientWidth || [...td.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth))).toBe(true);
    const full = (await callApi<{ list: { nickname: string }[] }>(f.url, '/admin/system/user', { method: 'list', username: 'long_user' }, f.admin)).data!.list[0]!.nickname;
    await cell.locator('.gx-cell-text').hover();
    await page.locator('.ant-tooltip:visible').filter({ hasText: full }).waitFor();
    // A referenced row's tag (the roles column) is cut inside its cell too, never past it.
    const tag = row('long_user').locator('.ant-tag', { hasText: 'Operators' });
    expect(await tag.evaluate((t) => {
      const td = t.closest('td');
      return Boolean(td && t.scrollWidth > t.clientWidth && t.getBoundingClientRect().right <= td.getBoundingClientRect().right && td.scrollWidth <= td.clientWidth + 1);
    })).toBe(true);
    await tag.hover();
    await page.locator('.ant-tooltip:visible').filter({ hasText: LONG_ROLE }).waitFor();
  });

  it('column settings: a new order and density apply at once and survive a reload', async () => {
    await page.goto(`${f.url}/system/user`);
    await row('exp_user').waitFor();
    const headers = async () => (await table().locator('thead th').allInnerTexts()).map((t) => t.trim()).filter((t) => t && t !== '操作');
    const before = await headers();
    expect(before.slice(0, 2)).toEqual(['ID', '用户名']);
    await page.getByTestId('toolbar-columns').click();
    const settings = page.getByTestId('column-settings');
    await untilStill(settings);
    await settings.getByRole('button', { name: '下移 ID' }).click();
    await settings.getByTestId('column-density').getByText('紧凑').click();
    const expectApplied = async () => {
      await expect.poll(async () => (await headers()).slice(0, 2)).toEqual(['用户名', 'ID']);
      await table().and(page.locator('.ant-table-small')).waitFor();
    };
    await expectApplied();
    await page.reload();
    await row('exp_user').waitFor();
    await expectApplied();
    await page.getByTestId('toolbar-columns').click();
    await page.getByTestId('column-reset').click();
    await expect.poll(async () => (await headers()).slice(0, 2)).toEqual(['ID', '用户名']);
  });

  it('the reset-password dialog names the user', async () => {
    await page.goto(`${f.url}/system/user?user.username=plain_user`);
    await openRow(page, row('plain_user'), 'reset_password');
    const dialog = page.getByTestId('action-form');
    await dialog.locator('.ant-modal-title').filter({ hasText: 'Plain (plain_user)' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('a batch remove of rows others hold asks once, naming the holders, and "remove anyway" removes them', async () => {
    await page.goto(`${f.url}/system/role`);
    await row('Held A').locator('.ant-checkbox-input').check();
    await row('Held B').locator('.ant-checkbox-input').check();
    await page.getByTestId('bulk-action-remove').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('确定删除所选的 2 条记录吗？').waitFor();
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    // One question for both rows, each with its holder.
    await dialog.getByText('所选记录中有 2 条正在使用中，仍要删除吗？').waitFor();
    const inUse = await dialog.getByTestId('in-use').allInnerTexts();
    expect(inUse).toHaveLength(2);
    expect(inUse.find((t) => t.includes('Held A'))).toContain('Holder A (holder_a)');
    expect(inUse.find((t) => t.includes('Held B'))).toContain('Holder B (holder_b)');
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    await row('Held A').waitFor({ state: 'detached' });
    await row('Held B').waitFor({ state: 'detached' });
    expect(await page.getByTestId('batch-report').isVisible()).toBe(false);
    const holders = await callApi<{ list: { role_ids: number[] }[] }>(f.url, '/admin/system/user', { method: 'list', username: 'holder_' }, f.admin);
    expect(holders.data!.list.map((u) => u.role_ids)).toEqual([[], []]);
  });
});
