import { beforeAll, describe, expect, it } from 'vitest';
import type { InboxInform } from '@gx/contract';
import { useBrowserFixture } from '../support/fixture';
import { clickInStillDialog } from '../support/conditions';
import { fillField, openRow, pickOption, submitForm } from '../system/support';
import { createUser, ok, openConsole } from './support';

/**
 * Issue 9 point 4: notification content on the resource engine. An administrator writes a notification in the
 * console, addresses it to a chosen user through the picker that follows the audience, publishes it with the row
 * action, and it reaches that user's bell.
 */
describe('notification content page (Chromium)', () => {
  const shell = useBrowserFixture();
  let reader: { id: number; token: string };
  beforeAll(async () => {
    reader = await createUser(shell.url, shell.admin, { username: 'content-reader', nickname: 'Content Reader' });
  });

  const inbox = () => ok<InboxInform>(shell.url, '/admin/notification/inbox', { method: 'inform' }, reader.token);

  it('writes, addresses and publishes a notification; the reader gets it unread, and publish gives way to withdraw', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'en', path: '/notification/content' });
    await page.getByTestId('toolbar-add').click();
    await pickOption(page, 'kind', 'Notification');
    await fillField(page, 'title', 'Written in the console');
    await pickOption(page, 'audience', 'Users');
    await pickOption(page, 'targets', 'content-reader');
    await submitForm(page);
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: 'Written in the console' });
    await row.getByText('Draft').waitFor();
    expect((await inbox()).inform.map((n) => n.title)).not.toContain('Written in the console');

    await openRow(page, row, 'publish');
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    await row.getByText('Published').waitFor();
    expect((await inbox()).inform.find((n) => n.title === 'Written in the console')?.status).toBe(0);
    // A published row offers withdraw, not publish (the server would refuse it).
    expect(await row.getByTestId('row-action-publish').count()).toBe(0);
    await context.close();
  });
});
