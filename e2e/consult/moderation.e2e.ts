import { describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { clickInStillDialog } from '../support/conditions';
import { openRow } from '../system/support';
import { flowLanguages } from '../support/locales';

const POST = '/admin/consult/post';
const COMMENT = '/admin/consult/comment';
const BLACKLIST = '/admin/boos/keyword_blacklist';

/** The comment each language's run rejects, and what the console says about it. */
const REJECT_TEXTS = {
  'zh-CN': { comment: '快来买便宜路由器', pending: '待审核', reasonRequired: '请填写审核意见', reason: '广告内容', rejected: '已驳回' },
  'en-US': { comment: 'Cheap 便宜路由器 on sale today', pending: 'Pending', reasonRequired: 'Please enter Reason', reason: 'Advertising', rejected: 'Rejected' },
} as const;

interface Moderated { id: number; title?: string; state: string; reason: string }

/**
 * Moderating the community as a moderator does it: select two pending posts and approve them at once with one
 * reason (en), and reject a comment held back by the keyword filter, with its required reason, from its row (in zh-CN, support/locales.ts).
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
      for (const locale of ['zh-CN', 'en-US'] as const) {
        const content = REJECT_TEXTS[locale].comment;
        const c = await callApi<Moderated>(fx.url, COMMENT, { method: 'add', post_id: ids['Router keeps rebooting'], author: 'Wang', content }, fx.admin);
        if (c.code !== 200) throw new Error(`seeding a comment failed: ${c.msg}`);
        ids[content] = c.data!.id;
      }
    },
  });

  it('approves two selected posts at once with one reason, en-US', async () => {
    const pageErrors: string[] = [];
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)), at: '/consult/post' });
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

  for (const locale of flowLanguages('zh-CN', 'en-US')) it(`rejects a comment holding a blocked word from its row, only with a reason, ${locale}`, async () => {
    const text = REJECT_TEXTS[locale];
    const id = ids[text.comment]!;
    const pageErrors: string[] = [];
    const { context, page } = await signedInPage(f, { locale, width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)), at: '/consult/comment' });
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: text.comment });
    await row.getByText(text.pending).waitFor();
    // The keyword filter held it back and says which word (in the language of whoever saved it: the seed's, Chinese).
    await openRow(page, row, 'detail');
    const details = page.getByTestId('resource-detail');
    await details.getByText('包含屏蔽词「便宜路由器」').waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await openRow(page, row, 'reject');
    const dialog = page.getByTestId('action-form');
    // Without a reason the form says so and sends nothing.
    await clickInStillDialog(page.getByTestId('action-form-submit'));
    await dialog.getByText(text.reasonRequired).waitFor();
    expect((await callApi<Moderated>(f.url, COMMENT, { method: 'detail', id }, f.admin)).data!.state).toBe('pending');
    await dialog.getByTestId('field-reason').fill(text.reason);
    await page.getByTestId('action-form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText(text.rejected).waitFor();
    const saved = await callApi<Moderated>(f.url, COMMENT, { method: 'detail', id }, f.admin);
    expect(saved.data).toMatchObject({ state: 'rejected', reason: text.reason });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
