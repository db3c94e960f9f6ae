import { describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { newContext } from '../support/browser';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { clickInStillDialog } from '../support/conditions';
import { openRow } from '../system/support';

const GW = 'E2EWIFIDOG01';
const GATEWAY = 'http://192.168.77.1:2060';

/**
 * A guest behind a WiFiDog gateway, in Chromium at 375×812: the gateway sends the browser to /wifidog/login/, the
 * server to /wifilogin, the guest signs in with one click and the page sends the browser to the gateway's auth URL
 * (intercepted: the gateway asks `auth stage=login` itself, as a real one does, then sends the guest to portal/,
 * which answers the redirect to where they were going). The operator then sees the guest online on the gateway and
 * kicks them: the gateway's next counters call is answered `Auth: 0`.
 */
describe('WiFiDog gateway (Chromium)', () => {
  const f = useBrowserFixture({
    async seed(fx) {
      const ok = async (path: string, body: Record<string, unknown>) => {
        const r = await callApi(fx.url, path, body, fx.admin);
        if (r.code !== 200) throw new Error(`${path} ${String(body.method)}: ${r.code} ${r.msg}`);
      };
      await ok('/admin/device/portal', { method: 'add', place: '', mode: 'auth', auth_sms: true, auth_one_click: true, terms: 'Be kind.', session_minutes: 90 });
      await ok('/admin/device/binding', { method: 'add', serial: GW, family: 'ig', name: 'Lobby gateway' });
    },
  });

  it('walks a guest from login/ through /wifilogin to the gateway and back; the operator kicks them', async () => {
    const gatewayAuth = (stage: string, token: string, extra = '') =>
      fetch(`${f.url}/wifidog/auth/?stage=${stage}&ip=192.168.77.23&mac=aa:bb:cc:dd:ee:77&token=${token}&incoming=1000&outgoing=200&gw_id=${GW}${extra}`).then((r) => r.text());

    const context = await newContext(f.browser, { locale: 'en-US', width: 375, height: 812 });
    const page = await context.newPage();
    let token = '';
    let answered = '';
    // The gateway: checks the token with the auth server, then sends the guest to the portal page.
    await page.route(`${GATEWAY}/**`, async (route) => {
      const url = new URL(route.request().url());
      token = url.searchParams.get('token') ?? '';
      answered = url.pathname === '/wifidog/auth' ? await gatewayAuth('login', token) : 'not the auth path';
      await route.fulfill({ status: 302, headers: { location: `${f.url}/wifidog/portal/?gw_id=${GW}` } });
    });

    const target = encodeURIComponent('http://news.example.com/today');
    await page.goto(`${f.url}/wifidog/login/?gw_address=192.168.77.1&gw_port=2060&gw_id=${GW}&ip=192.168.77.23&mac=aa:bb:cc:dd:ee:77&url=${target}`);
    await page.waitForURL(/\/wifilogin\?/);
    expect(new URL(page.url()).searchParams.get('gw_id')).toBe(GW);
    await page.getByTestId('wifi-accept').check();
    // portal/ sends the guest back where they were going (a redirect past the gateway's, which page.route cannot
    // answer, so the answer itself is checked).
    const portal = page.waitForResponse((r) => r.url().startsWith(`${f.url}/wifidog/portal/`));
    await page.getByTestId('wifi-one-click').click();
    const back = await portal;
    expect(back.status()).toBe(302);
    expect(back.headers().location).toBe('http://news.example.com/today');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answered).toBe('Auth: 1');
    expect(await gatewayAuth('counters', token)).toBe('Auth: 1');
    await context.close();

    // The operator: the guest online on the gateway, kicked.
    const { context: console, page: admin } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: '/portal/guest' });
    const row = admin.locator('tr.ant-table-row').filter({ hasText: 'AA:BB:CC:DD:EE:77' });
    await row.filter({ hasText: 'Online' }).waitFor();
    await openRow(admin, row, 'kick');
    const kicked = admin.waitForResponse((r) => r.url().endsWith('/v3/admin/portal/guest') && r.request().postData()?.includes('"kick"') === true);
    await clickInStillDialog(admin.getByTestId('confirm-ok'));
    expect((await (await kicked).json()).code).toBe(200);
    await row.filter({ hasText: 'Kicked' }).waitFor();
    expect(await gatewayAuth('counters', token)).toBe('Auth: 0');
    await console.close();
  }, 90_000);
});
