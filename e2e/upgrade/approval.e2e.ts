import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useBrowserFixture, signedInPage } from '../support/fixture';
import { callApi } from '../support/api';
import { openRow, openRowMenu } from '../system/support';

/**
 * Campaign approval in Chromium, in Chinese: the organisation's approval switch on the campaign page, a new
 * campaign "awaiting approval", no approval offered to its creator (the server refuses it), and the maintenance window fields
 * in the campaign's details.
 */
describe('campaign approval and maintenance window (Chromium, zh_CN)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto' } });

  it('turns approval on, and a new campaign awaits someone other than its creator', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const made = await callApi<{ id: number }>(f.url, '/admin/device/binding', { method: 'add', serial: `E2E-APR-${tag}`, family: 'ig', model: 'GX-APR' }, f.admin);
    expect(made.code).toBe(200);
    const form = new FormData();
    for (const [k, v] of Object.entries({ method: 'upload', version: '9.0.0', family: 'ig', models: 'GX-APR', notes: '' })) form.append(k, v);
    form.append('file', new Blob([randomBytes(1024)], { type: 'application/octet-stream' }), 'gx.bin');
    const up = await (await fetch(`${f.url}/v3/admin/upgrade/firmware`, { method: 'POST', headers: { authorization: `Bearer ${f.admin}` }, body: form })).json() as { code: number; data: { id: number } };
    expect(up.code).toBe(200);

    const { context, page } = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900, at: '/upgrade/campaign' });
    await page.getByTestId('resource-table').waitFor();
    await page.getByText('升级任务需审批').waitFor();
    const toggle = page.getByTestId('campaign-approval-switch');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.locator('[data-testid="campaign-approval-switch"][aria-checked="true"]').waitFor();
    expect((await callApi<{ campaign_approval: number }>(f.url, '/admin/upgrade/campaign', { method: 'approval_setting' }, f.admin)).data).toEqual({ campaign_approval: 1 });

    const c = await callApi(f.url, '/admin/upgrade/campaign', {
      method: 'add', name: `Approval ${tag}`, firmware_id: up.data.id, device_ids: [made.data!.id], window_start: '22:00', window_end: '04:00', window_tz: 'Asia/Shanghai',
    }, f.admin);
    expect(c.code, c.msg).toBe(200);
    await page.reload();
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: `Approval ${tag}` });
    await row.getByText('待审批', { exact: true }).waitFor();

    // Its creator is not offered the approval (the server would refuse it: the list marks it denied); cancel is.
    await row.getByTestId('row-action-cancel').waitFor();
    const menu = await openRowMenu(page, row, page.locator('.ant-dropdown:visible').getByTestId('row-action-remove'));
    expect(await menu.getByTestId('row-action-approve').count()).toBe(0);
    expect(await row.getByTestId('row-action-approve').count()).toBe(0);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    const denied = await callApi<{ list: { name: string; _denied?: Record<string, string> }[] }>(f.url, '/admin/upgrade/campaign', { method: 'list', size: 100 }, f.admin);
    expect(denied.data!.list.find((x) => x.name === `Approval ${tag}`)!._denied?.approve).toBeTruthy();

    // The details show the window as made.
    await openRow(page, row, 'detail');
    const detail = page.getByTestId('resource-detail');
    await detail.getByText('维护窗口与审批').waitFor();
    for (const text of ['22:00', '04:00', 'Asia/Shanghai']) await detail.getByText(text, { exact: true }).first().waitFor();
    await context.close();
  });
});
