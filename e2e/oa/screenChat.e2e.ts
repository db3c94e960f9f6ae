import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultLayoutFor, PROGRAMME_PATH, TEMPLATE_PATH, type ScreenStatus } from '@gx/contract';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { clickInStillDialog } from '../support/conditions';
import { fillField, openRow, submitForm } from '../system/support';

/**
 * Issue 14 (OA: reply robots and screen chat) in Chromium: an operator sets up a reply robot and tries it (en-US); a
 * guest opens the chat link of a lobby screen, writes, gets the robot's answer at once and is refused a blocked word;
 * staff approve the message and reply, and the guest sees both on the screen's wall (zh-CN).
 */
describe('reply robots and screen chat (Chromium, 1440×900)', () => {
  let chatPath = '';
  const f = useBrowserFixture({
    seed: async (fx) => {
      // A lobby screen with a programme published to it: its render token is the chat link's too.
      const serial = `LOBBY-${randomBytes(3).toString('hex').toUpperCase()}`;
      const screen = await callApi<{ id: number }>(fx.url, '/admin/device/binding', { method: 'add', serial, family: 'screen' }, fx.admin);
      const template = await callApi<{ id: number }>(fx.url, TEMPLATE_PATH, { method: 'save', name: 'Lobby', preset: 'hotel', layout: defaultLayoutFor('hotel') }, fx.admin);
      const programme = await callApi<{ id: number }>(fx.url, PROGRAMME_PATH, {
        method: 'save', name: 'Lobby loop', items: [{ template_id: template.data!.id, seconds: 30 }], start: '00:00', end: '00:00',
      }, fx.admin);
      const published = await callApi(fx.url, PROGRAMME_PATH, { method: 'publish', id: programme.data!.id, screens: [{ device_id: screen.data!.id, fields: {} }] }, fx.admin);
      if (published.code !== 200) throw new Error(`publishing failed: ${published.msg}`);
      const overview = await callApi<{ screens: ScreenStatus[] }>(fx.url, PROGRAMME_PATH, { method: 'overview' }, fx.admin);
      chatPath = overview.data!.screens.find((s) => s.id === screen.data!.id)!.render_path!.replace('/screen-render/', '/screen-chat/');
      const word = await callApi(fx.url, '/admin/boos/keyword_blacklist', { method: 'add', word: 'casino' }, fx.admin);
      if (word.code !== 200) throw new Error(`blacklist failed: ${word.msg}`);
    },
  });

  it('sets up a reply robot and tries a message against it, en-US', async () => {
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: '/oa/robot' });
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('toolbar-add').click();
    await fillField(page, 'name', 'Wi-Fi help');
    await page.getByTestId('resource-form').getByTestId('field-keywords').fill('wifi, password');
    await page.getByTestId('resource-form').getByTestId('field-reply').fill('Join GX-Guest and accept the terms.');
    await submitForm(page);
    await page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: 'Wi-Fi help' }).waitFor();

    await page.getByTestId('robot-try').locator('input').fill('What is the WIFI password?');
    await page.getByTestId('robot-try').locator('input').press('Enter');
    await page.getByTestId('robot-try-answer').getByText('Join GX-Guest and accept the terms.').waitFor();
    await page.getByTestId('robot-try').locator('input').fill('Where is the pool?');
    await page.getByTestId('robot-try').locator('input').press('Enter');
    await page.getByTestId('robot-try-none').waitFor();
    await context.close();
  });

  it('takes a guest message from the screen link, lets staff approve and reply, and shows both on the wall, zh-CN', async () => {
    const guest = await f.browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
    const phone = await guest.newPage();
    await phone.goto(`${f.url}${chatPath}`);
    await phone.getByTestId('screen-chat').getByText('还没有留言。').waitFor();
    await phone.locator('#sc-nickname').fill('Anna');
    await phone.locator('#sc-content').fill('Best casino nearby?');
    await phone.getByTestId('screen-chat-send').click();
    await phone.getByText('请删除屏蔽词「casino」').waitFor();
    await phone.locator('#sc-content').fill('房间里有 wifi 吗？');
    await phone.getByTestId('screen-chat-send').click();
    await phone.getByTestId('screen-chat-robot').getByText('Join GX-Guest and accept the terms.').waitFor();

    const { context, page } = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900, at: '/oa/screen-chat' });
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: '房间里有 wifi 吗？' });
    await row.getByText('待审核').waitFor();
    await openRow(page, row, 'approve');
    await clickInStillDialog(page.getByTestId('action-form-submit'));
    await page.getByTestId('action-form').waitFor({ state: 'hidden' });
    await row.getByText('已通过').waitFor();
    await openRow(page, row, 'answer');
    await page.getByTestId('action-form').getByTestId('field-reply').fill('每层都有，欢迎使用。');
    await clickInStillDialog(page.getByTestId('action-form-submit'));
    await page.getByTestId('action-form').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await callApi<{ list: { content: string; replied_by: string; reply: string }[] }>(f.url, '/admin/boos/screenChat', { method: 'list' }, f.admin))
      .data?.list.find((m) => m.content === '房间里有 wifi 吗？')).toMatchObject({ replied_by: 'staff', reply: '每层都有，欢迎使用。' });

    await phone.reload();
    const wall = phone.getByTestId('screen-chat-wall');
    await wall.getByText('房间里有 wifi 吗？').waitFor();
    await wall.getByText('每层都有，欢迎使用。').waitFor();
    expect(await wall.getByText('casino').count()).toBe(0);
    await guest.close();
    await context.close();
  });
});
