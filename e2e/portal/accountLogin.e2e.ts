import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { newContext } from '../support/browser';
import { useBrowserFixture } from '../support/fixture';

const GW = 'E2EPMSGW01';
const GATEWAY = 'http://192.168.78.1:2060';
const DAY = 24 * 3600 * 1000;
/**
 * The guest page must stay small: it opens on a phone before the guest is online. Everything it loads counts (it is
 * a bundle of its own, apps/web/vite.wifilogin.config.ts, sharing nothing with the console), compressed.
 */
const WIFILOGIN_BUDGET_KB = 60;

/** Compressed bytes of each JS and CSS file a page downloads, as Chromium received them. */
function collectAssets(page: Page): () => Promise<Map<string, number>> {
  const pending: Promise<[string, number]>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(res.finished().then(() => res.request().sizes()).then((s) => [res.url(), s.responseBodySize] as [string, number], () => [res.url(), 0]));
  });
  return async () => new Map(await Promise.all(pending));
}

/**
 * A hotel guest behind a WiFiDog gateway, in Chromium at 375×812: the portal asks for a hotel stay from the
 * organisation's own guest directory. A wrong surname is refused on its field; room number and surname of a stay
 * running now let the guest through, and the gateway's own `auth stage=login` check of the token is allowed.
 */
describe('portal account sign-in (Chromium)', () => {
  const f = useBrowserFixture({
    async seed(fx) {
      const ok = async (path: string, body: Record<string, unknown>) => {
        const r = await callApi(fx.url, path, body, fx.admin);
        if (r.code !== 200) throw new Error(`${path} ${String(body.method)}: ${r.code} ${r.msg}`);
      };
      await ok('/admin/device/portal', { method: 'add', place: '', mode: 'auth', auth_sms: false, auth_account: true, account_kind: 'hotel', session_minutes: 240 });
      await ok('/admin/device/binding', { method: 'add', serial: GW, family: 'ig', name: 'Tower gateway' });
      const now = Date.now();
      await ok('/admin/portal/hotel_guest', {
        method: 'add', room: '1203', surname: 'Smith', guest_name: 'John Smith',
        check_in: new Date(now - DAY).toISOString(), check_out: new Date(now + 2 * DAY).toISOString(),
      });
    },
  });

  it('lets a hotel guest in by room number and surname through the WiFiDog gateway', async () => {
    const gatewayAuth = (token: string) =>
      fetch(`${f.url}/wifidog/auth/?stage=login&ip=192.168.78.23&mac=aa:bb:cc:dd:ee:78&token=${token}&incoming=0&outgoing=0&gw_id=${GW}`).then((r) => r.text());

    const context = await f.browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    let decision = '';
    // The gateway: checks the token with the auth server, then sends the guest to the portal page.
    await page.route(`${GATEWAY}/**`, async (route) => {
      const url = new URL(route.request().url());
      decision = url.pathname === '/wifidog/auth' ? await gatewayAuth(url.searchParams.get('token') ?? '') : 'not the auth path';
      await route.fulfill({ status: 302, headers: { location: `${f.url}/wifidog/portal/?gw_id=${GW}` } });
    });

    const assets = collectAssets(page);
    const target = encodeURIComponent('http://news.example.com/today');
    await page.goto(`${f.url}/wifidog/login/?gw_address=192.168.78.1&gw_port=2060&gw_id=${GW}&ip=192.168.78.23&mac=aa:bb:cc:dd:ee:78&url=${target}`);
    await page.waitForURL(/\/wifilogin\?/);
    await page.getByTestId('wifilogin-account').waitFor();
    const loaded = [...(await assets()).values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
    expect(loaded, `/wifilogin's JS+CSS ${loaded.toFixed(1)} KB`).toBeLessThanOrEqual(WIFILOGIN_BUDGET_KB);
    expect(loaded).toBeGreaterThan(0);
    expect(await page.getByTestId('wifilogin-account').getByRole('heading').textContent()).toBe('Hotel guests');

    await page.getByTestId('wifi-room').fill('1203');
    await page.getByTestId('wifi-surname').fill('Smyth');
    await page.getByTestId('wifi-account-login').click();
    await page.getByText('No guest of this room has this surname').waitFor();

    await page.getByTestId('wifi-surname').fill('smith');
    const portal = page.waitForResponse((r) => r.url().startsWith(`${f.url}/wifidog/portal/`));
    await page.getByTestId('wifi-account-login').click();
    const back = await portal;
    expect(decision).toBe('Auth: 1');
    expect(back.status()).toBe(302);
    expect(back.headers().location).toBe('http://news.example.com/today');
    await context.close();
  }, 90_000);

  it('asks for room and surname in Chinese', async () => {
    const context = await newContext(f.browser, { locale: 'zh-CN', width: 375, height: 812 });
    const page = await context.newPage();
    await page.goto(`${f.url}/wifilogin?org=1`);
    await page.getByTestId('wifilogin-account').waitFor();
    expect(await page.getByTestId('wifi-room').getAttribute('placeholder')).toBe('房号');
    expect(await page.getByTestId('wifi-surname').getAttribute('placeholder')).toBe('住客姓氏');
    await context.close();
  }, 60_000);
});
