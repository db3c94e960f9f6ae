import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { clickInStillDialog } from '../support/conditions';

/**
 * Removing a row others hold (issue 18 point 6), through the shared list: the console names the holders and removes
 * only once the user confirms; a row a refuse rule holds is not offered a remove (the server marks it per row).
 */
describe('removing a row in use (Chromium)', () => {
  const f = useBrowserFixture({
    async seed({ url, admin }) {
      const role = await callApi<{ id: number }>(url, '/admin/system/role', { method: 'add', name: 'Held role' }, admin);
      expect(role.code).toBe(200);
      const user = await callApi(url, '/admin/system/user', {
        method: 'add', username: 'role_holder', nickname: 'Holder', password: 'e10adc3949ba59abbe56e057f20f883e', role_ids: [role.data!.id],
      }, admin);
      expect(user.code).toBe(200);
      const cluster = await callApi<{ id: number }>(url, '/admin/system/cluster', { method: 'add', name: 'Busy cluster', code: 'busy', broker_url: 'mqtts://busy.example.com:8883' }, admin);
      expect(cluster.code).toBe(200);
      expect((await callApi(url, '/admin/system/organization_cluster', { method: 'add', org_id: 1, cluster_id: cluster.data!.id }, admin)).code).toBe(200);
    },
  });
  let page: Page;

  beforeAll(async () => {
    ({ page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: null }));
  });

  const row = (text: string) => page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: text });
  const clickRemove = async (text: string) => {
    const r = row(text);
    await r.waitFor();
    if (await r.getByTestId('row-action-remove').count()) await r.getByTestId('row-action-remove').click();
    else {
      await r.getByTestId('row-action-more').click();
      await page.locator('.ant-dropdown:visible').getByTestId('row-action-remove').click();
    }
  };

  it('a role held by a user: the console names the holder, and removes it only once confirmed', async () => {
    await page.goto(`${f.url}/system/role`);
    await clickRemove('Held role');
    const dialog = page.getByTestId('confirm-dialog');
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    // The server refused the unconfirmed remove; the second question names who holds the role.
    await dialog.getByTestId('in-use').filter({ hasText: '1 users (Holder (role_holder))' }).waitFor();
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    await row('Held role').waitFor({ state: 'detached' });
    const holders = await callApi<{ list: { username: string; role_ids: number[] }[] }>(f.url, '/admin/system/user', { method: 'list', username: 'role_holder' }, f.admin);
    expect(holders.data!.list[0]!.role_ids).toEqual([]);
  });

  it('a cluster serving an organisation (a refuse rule) offers no remove at all: the server marked it not removable', async () => {
    await page.goto(`${f.url}/system/cluster`);
    const r = row('Busy cluster');
    await r.getByTestId('row-action-update').or(r.getByTestId('row-action-more')).first().waitFor();
    expect(await r.getByTestId('row-action-remove').count()).toBe(0);
    if (await r.getByTestId('row-action-more').count()) {
      await r.getByTestId('row-action-more').click();
      const menu = page.locator('.ant-dropdown:visible');
      await menu.waitFor();
      expect(await menu.getByTestId('row-action-remove').count()).toBe(0);
      await page.keyboard.press('Escape');
    }
    // The server still refuses it, saying why.
    const cluster = (await callApi<{ list: { id: number; name: string }[] }>(f.url, '/admin/system/cluster', { method: 'list', name: 'Busy' }, f.admin)).data!.list[0]!;
    const refused = await callApi(f.url, '/admin/system/cluster', { method: 'remove', id: cluster.id }, f.admin);
    expect(refused.msg).toMatch(/正被 1 个组织使用/);
  });
});
