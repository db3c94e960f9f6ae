import { describe, expect, it } from 'vitest';
import { md5 } from '@gx/contract';
import { callApi, ok, signInToken } from '../support/api';
import { seriousViolations } from '../support/axe';
import { untilStill } from '../support/conditions';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { newContext } from '../support/browser';
import { openRow } from '../system/support';

const SERIAL = 'E2E-LINK-0001';
const PASSWORD = 'Receiver#2026';

/**
 * `/authorizedtoreceive` in Chromium: organisation A (the administrator's) offers a device to organisation B from
 * its row and gets the receiving link with its QR code; a user of B opens the link on a phone without a session,
 * reads what is offered, signs in (and comes back to the link), accepts, and the device is in B. In English.
 */
describe('receiving a device by its link (Chromium)', () => {
  const f = useBrowserFixture();

  it('offers a device, opens the link signed out, signs in as the receiver and accepts, en-US', async () => {
    // B: an account that makes an organisation of its own (its owner holds every key there) and leaves A.
    const made = await ok<{ id: number }>(f.url, '/admin/system/user', { method: 'add', username: 'bob_receiver', password: md5(PASSWORD), nickname: 'Bob' }, f.admin);
    const orgB = await ok<{ id: number; name: string }>(f.url, '/admin/system/organization', { method: 'form', name: 'Receiver Works' },
      await signInToken(f.url, 'bob_receiver', PASSWORD));
    await ok(f.url, '/admin/system/user', { method: 'remove', id: made.id }, f.admin);
    await ok(f.url, '/admin/device/binding', { method: 'add', serial: SERIAL, family: 'ig', name: 'Lobby gateway' }, f.admin);

    const pageErrors: string[] = [];
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)), at: '/equipment/device' });
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: SERIAL });
    await openRow(page, row, 'transfer');
    const form = page.getByTestId('action-form');
    await untilStill(page.getByTestId('action-form-submit'));
    await form.locator('input').first().fill(String(orgB.id));
    await page.getByTestId('action-form-submit').click();
    const dialog = page.getByTestId('transfer-link');
    await dialog.locator('canvas').waitFor();
    const url = (await dialog.getByTestId('transfer-link-url').innerText()).trim();
    expect(url).toMatch(new RegExp(`^${f.url}/authorizedtoreceive\\?token=[A-Za-z0-9_-]{43}$`));
    await context.close();

    // B's user, on a phone, signed out.
    const phone = await newContext(f.browser, { locale: 'en-US', width: 375, height: 812 });
    const p = await phone.newPage();
    p.on('pageerror', (e) => pageErrors.push(e.message));
    await p.goto(url);
    const facts = p.getByTestId('receive-facts');
    await facts.getByText(SERIAL).waitFor();
    await facts.getByText('Awaiting acceptance').waitFor();
    expect(await p.title()).toMatch(/^Receive a device - /);
    expect(await seriousViolations(p)).toEqual([]);
    await p.getByTestId('receive-sign-in').click();
    await p.waitForURL(/\/login\?redirect=/);
    await p.getByTestId('login-username').fill('bob_receiver');
    await p.getByTestId('login-password').fill(PASSWORD);
    await p.getByTestId('login-submit').click();
    await p.waitForURL((u) => u.pathname === '/authorizedtoreceive');
    await p.getByTestId('receive-accept').filter({ hasText: 'Receiver Works' }).click();
    await p.getByTestId('receive-result').getByText('Accepted: the device now belongs to Receiver Works.').waitFor();

    // The link now says the transfer is decided.
    await p.reload();
    await p.getByTestId('receive-result').getByText('This transfer was decided or withdrawn; the link no longer works.').waitFor();
    await phone.close();

    // The device is B's now, in its console list, and no longer A's.
    const desk = await signedInPage(f, { locale: 'en-US', username: 'bob_receiver', password: PASSWORD, width: 1440, height: 900, at: '/equipment/device' });
    await desk.page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: SERIAL }).waitFor();
    await desk.context.close();
    const bob = await signInToken(f.url, 'bob_receiver', PASSWORD);
    const mine = await callApi<{ list: { serial: string }[] }>(f.url, '/admin/device/binding', { method: 'list', serial: SERIAL }, bob);
    expect(mine.data!.list.map((d) => d.serial)).toEqual([SERIAL]);
    expect((await callApi<{ list: unknown[] }>(f.url, '/admin/device/binding', { method: 'list', serial: SERIAL }, f.admin)).data!.list).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
