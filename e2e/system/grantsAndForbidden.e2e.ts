import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api';
import { loginThroughForm, newContext } from '../support/browser';
import { signedInPage, useBrowserFixture } from '../support/fixture';

/**
 * Issue 18 points 9 and 10: the role grant tree says what is granted (half-ticked sections, counts, search), a
 * declared page the user was not granted is a 403 with the way back (an unknown one stays 404), and the big-screen
 * menu shows only to users granted the monitor pages.
 */
describe('grants in the console (Chromium)', () => {
  const f = useBrowserFixture();
  let admin: Page;
  let clerk: Page;

  beforeAll(async () => {
    const token = f.admin;
    expect((await callApi(f.url, '/admin/system/user', { method: 'add', username: 'no_grants', password: 'e10adc3949ba59abbe56e057f20f883e' }, token)).code).toBe(200);
    ({ page: admin } = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900, at: '/system/role' }));
    // The user without grants signs in through the form: landing on the dashboard with nothing granted is part of it.
    clerk = await (await newContext(f.browser, { locale: 'en-US', width: 1440, height: 900 })).newPage();
    await loginThroughForm(clerk, f.url, 'no_grants', '123456');
    await clerk.waitForURL(/\/dashboard$/);
  });

  it('ticking one button (users · add) half-ticks its page and section, with counts; search narrows the tree', async () => {
    await admin.getByTestId('toolbar-add').click();
    const tree = admin.getByTestId('grant-tree');
    const node = (testId: string) => tree.locator('.ant-tree-treenode', { has: admin.getByTestId(testId) });
    await tree.getByTestId('grant-button-system.user.add').click();
    await node('grant-button-system.user.add').locator('.ant-tree-checkbox-checked').waitFor();
    for (const menu of ['grant-menu-system', 'grant-menu-system-user']) {
      await node(menu).locator('.ant-tree-checkbox-indeterminate').waitFor();
      expect(await node(menu).locator('.ant-tree-checkbox-checked').count()).toBe(0);
    }
    expect(await tree.getByTestId('grant-count-system-user').textContent()).toMatch(/^ 1\/\d+$/);
    expect(await tree.getByTestId('grant-count-system').textContent()).toMatch(/^ 2\/\d+$/);

    await admin.getByTestId('grant-search').locator('input').fill('system.role.list');
    await tree.getByTestId('grant-menu-system-user').waitFor({ state: 'detached' });
    await tree.getByTestId('grant-button-system.role.list').waitFor();
    await tree.getByTestId('grant-menu-system-role').waitFor();
    expect(await tree.getByTestId('grant-menu-other').count()).toBe(0);
    await admin.getByTestId('grant-search').locator('input').fill('');
    await tree.getByTestId('grant-menu-system-user').waitFor();
  });

  it('a declared page not granted shows 403 with the way back; an unknown page shows 404', async () => {
    await clerk.goto(`${f.url}/system/role`);
    await clerk.getByTestId('forbidden').getByText('Sorry, you are not allowed to open this page', { exact: false }).waitFor();
    expect(await clerk.getByTestId('forbidden-path').textContent()).toBe('/system/role');
    await clerk.getByTestId('forbidden-home').click();
    await clerk.waitForURL(/\/dashboard$/);
    await clerk.goto(`${f.url}/system/no-such-page`);
    await clerk.getByTestId('not-found').waitFor();
  });

  it('the big-screen menu shows only to users granted the monitor pages', async () => {
    await admin.goto(`${f.url}/dashboard`);
    await admin.getByTestId('large-screen-menu').waitFor();
    await clerk.goto(`${f.url}/dashboard`);
    await clerk.getByTestId('navbar').waitFor();
    expect(await clerk.getByTestId('large-screen-menu').count()).toBe(0);
  });
});
