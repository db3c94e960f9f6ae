import { describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { clickInStillDialog } from '../support/conditions';
import { openRow } from '../system/support';

const POST = '/admin/consult/post';
const COMMENT = '/admin/consult/comment';
const BLACKLIST = '/admin/boos/keyword_blacklist';

interface Moderated { id: number; title?: string; state: string; reason: string }

/**
 * Moderating the community as a moderator does it: select two pending posts and approve them at once with one
 * reason (en), and reject a comment held back by the keyword filter, with its required reason, from its row (zh_CN).
 */
describe('consult moderation (Chromium, 1440×900)', () => {
  const ids: Record<string, number> = {};
  const f = useBrowserFixture({
    seed: async (fx) => {
      for (const title of ['Router keeps rebooting', 'Best channel for 5 GHz?', 'Untouched post']) {
        const r = await callApi<Moderated>(fx.url, POST, { method: 'add', title, author: 'Lin', content: `About ${title}` }, fx.admin);
        if (r.code !== 200) throw new Error(`seeding a post failed: ${r.msg}`);
        ids[title] = r.data!.id;
      }
      const w = await callApi(fx.url, BLACKLIST, { method: 'add', word: '便宜路由器' }, fx.admin);
      if (w.code !== 200) throw new Error(`seeding the blocked word failed: ${w.msg}`);
      const c = await callApi<Moderated>(fx.url, COMMENT, { method: 'add', post_id: ids['Router keeps rebooting'], author: 'Wang', content: '快来买便宜路由器' }, fx.admin);
      if (c.code !== 200) throw new Error(`seeding a comment failed: ${c.msg}`);
      ids.comment = c.data!.id;
    },
  });

  it('approves two selected posts at once with one reason, en-US', async () => {
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900 });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${f.url}/consult/post`);
    const table = page.getByTestId('resource-table');
    const rowOf = (title: string) => table.locator('tr.ant-table-row', { hasText: title });
    for (const title of ['Router keeps rebooting', 'Best channel for 5 GHz?']) {
      await rowOf(title).getByText('Pending').waitFor();
      await rowOf(title).locator('input[type="checkbox"]').check();
    }
    await page.getByTestId('bulk-action-approve').click();
    const dialog = page.getByTestId('action-form');
    await dialog.getByText('Approve · 2 selected').waitFor();
    await dialog.getByTestId('field-reason').fill('Both are genuine questions');
    await clickInStillDialog(page.getByTestId('action-form-submit'));
    await dialog.waitFor({ state: 'hidden' });
    for (const title of ['Router keeps rebooting', 'Best channel for 5 GHz?']) await rowOf(title).getByText('Approved').waitFor();
    await rowOf('Untouched post').getByText('Pending').waitFor();

    for (const title of ['Router keeps rebooting', 'Best channel for 5 GHz?']) {
      const row = await callApi<Moderated>(f.url, POST, { method: 'detail', id: ids[title] }, f.admin);
      expect(row.data).toMatchObject({ state: 'approved', reason: 'Both are genuine questions' });
    }
    expect((await callApi<Moderated>(f.url, POST, { method: 'detail', id: ids['Untouched post'] }, f.admin)).data!.state).toBe('pending');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('rejects a comment holding a blocked word from its row, only with a reason, zh-CN', async () => {
    const { context, page } = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900 });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${f.url}/consult/comment`);
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: '快来买便宜路由器' });
    await row.getByText('待审核').waitFor();
    // The keyword filter held it back and says which word.
    await openRow(page, row, 'detail');
    const details = page.getByTestId('resource-detail');
    await details.getByText('包含屏蔽词「便宜路由器」').waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await openRow(page, row, 'reject');
    const dialog = page.getByTestId('action-form');
    // Without a reason the form says so and sends nothing.
    await clickInStillDialog(page.getByTestId('action-form-submit'));
    await dialog.getByText('请填写审核意见').waitFor();
    expect((await callApi<Moderated>(f.url, COMMENT, { method: 'detail', id: ids.comment }, f.admin)).data!.state).toBe('pending');
    await dialog.getByTestId('field-reason').fill('广告内容');
    await page.getByTestId('action-form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('已驳回').waitFor();
    const saved = await callApi<Moderated>(f.url, COMMENT, { method: 'detail', id: ids.comment }, f.admin);
    expect(saved.data).toMatchObject({ state: 'rejected', reason: '广告内容' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
