import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { InboxInform } from '@gx/contract';
import { useBrowserFixture } from '../support/fixture';
import { staysOpen, trackRequests } from '../support/conditions';
import { createUser, ok, openConsole, publish } from './support';

/** Issue 3 point 5: the notification dialog (SPEC §2 Notification dialog, §4 Notification, §9). */
describe('notification dialog (Chromium)', () => {
  const shell = useBrowserFixture();
  let reader: { id: number; token: string };
  const COUNT = 60;
  beforeAll(async () => {
    const { url, admin } = shell;
    reader = await createUser(url, admin, { username: 'reader', nickname: 'Reader' });
    for (let i = 1; i <= COUNT; i += 1) {
      await publish(url, admin, { kind: 'inform', title: `Port ${i} flapping`, content: `<p>Port <b>${i}</b> went down and up.</p>`, audience: 'users', targets: [reader.id] });
    }
    await publish(url, admin, {
      kind: 'inform',
      title: 'Suspicious content',
      content: '<p><b>Bold</b> stays</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">link</a>',
      audience: 'users',
      targets: [reader.id],
    });
  });

  const unreadOnServer = async () => (await ok<InboxInform>(shell.url, '/admin/notification/inbox', { method: 'inform' }, reader.token)).unread;
  const openDialog = async (page: Page) => {
    await page.getByTestId('notification-bell').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('notifications-close') });
    await dialog.getByTestId('notification-row').first().waitFor();
    return dialog;
  };

  it('is 60% wide, ignores clicks outside, and lists title plus sanitised HTML in a virtualised 530 px list', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, reader.token, { language: 'en' });
    const dialog = await openDialog(page);
    await expect(dialog.locator('.ant-modal-title').textContent()).resolves.toBe('Notifications');
    // 60% of 1280, once the opening animation has settled.
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(768);

    // Newest first: the suspicious one leads, its markup rendered but defused.
    const first = dialog.getByTestId('notification-row').first();
    await expect(first.locator('.gx-inform-row-title').textContent()).resolves.toBe('Suspicious content');
    await first.locator('b', { hasText: 'Bold' }).waitFor();
    await expect(first.locator('script, [onerror], a[href^="javascript"]').count()).resolves.toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    const holder = dialog.locator('.rc-virtual-list-holder');
    expect((await holder.boundingBox())?.height).toBeLessThanOrEqual(530);
    await expect(holder.evaluate((e) => getComputedStyle(e).maxHeight)).resolves.toBe('530px');
    const rendered = await dialog.getByTestId('notification-row').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(35);
    // Scrolling far down brings far rows in without rendering all of them.
    // Row heights are measured as rows appear, so the end moves while scrolling towards it.
    const last = dialog.getByText('Port 1 flapping', { exact: true });
    await expect
      .poll(async () => {
        await holder.evaluate((e) => e.scrollTo(0, e.scrollHeight));
        return last.isVisible();
      })
      .toBe(true);
    expect(await dialog.getByTestId('notification-row').count()).toBeLessThan(35);

    // The mask does not close it.
    await page.mouse.click(5, 400);
    await staysOpen(dialog);
    await dialog.getByTestId('notifications-close').click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('clicking an unread item marks it read: status 0 → 1 and the unread count drops by one, on the server too', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, reader.token, { language: 'zh_CN', theme: 'dark', width: 375, height: 740 });
    const requests = trackRequests(page);
    const before = await unreadOnServer();
    const badge = page.locator('[data-testid="notification-badge"] .ant-badge-count');
    await expect(badge.getAttribute('title')).resolves.toBe(String(before));
    const dialog = await openDialog(page);
    await expect(dialog.locator('.ant-modal-title').textContent()).resolves.toBe('通知消息');
    const row = dialog.locator('[data-testid="notification-row"][data-status="0"]').first();
    const id = await row.getAttribute('data-id');
    await row.click();
    await dialog.locator(`[data-testid="notification-row"][data-id="${id}"][data-status="1"]`).waitFor();
    await page.locator(`[data-testid="notification-badge"] .ant-badge-count[title="${before - 1}"]`).waitFor();
    await expect.poll(unreadOnServer).toBe(before - 1);
    // There is no way back: a second click changes nothing.
    await dialog.locator(`[data-testid="notification-row"][data-id="${id}"]`).click();
    await requests.idle();
    expect(await unreadOnServer()).toBe(before - 1);
    await dialog.getByRole('button', { name: /关\s?闭/ }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});
