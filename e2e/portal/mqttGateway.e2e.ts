import { afterAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { callApi } from '../support/api';
import { newContext } from '../support/browser';
import { signedInPage, useBrowserFixture } from '../support/fixture';

const GW = 'E2EMQTTGW01';
const MAC = 'AA:BB:CC:DD:EE:42';
const MB = 1_000_000;

interface Command { id: number; name: string; params: Record<string, unknown>; expires_at: string }

/**
 * One of our own gateways on the device channel, played by a plain mqtt.js client with the device's credentials:
 * a guest caught by it opens /wifidog/login/ (gateway and MAC only) in Chromium at 375×812, signs in on /wifilogin,
 * and the gateway receives `portal_allow` with the MAC, the portal's speed limits and the session length. Its
 * `up/portal` counters then reach the daily traffic quota: the gateway receives `portal_kick` and the operator sees
 * the guest's session ended by the quota.
 */
describe('MQTT gateway (Chromium)', () => {
  let secret = '';
  let device: MqttClient | null = null;
  const f = useBrowserFixture({
    env: { MQTT_PORT: 'auto' },
    async seed(fx) {
      const ok = async <T>(path: string, body: Record<string, unknown>) => {
        const r = await callApi<T>(fx.url, path, body, fx.admin);
        if (r.code !== 200) throw new Error(`${path} ${String(body.method)}: ${r.code} ${r.msg}`);
        return r.data as T;
      };
      await ok('/admin/device/portal', {
        method: 'add', place: '', mode: 'auth', auth_sms: true, auth_one_click: true, terms: 'Be kind.', session_minutes: 90,
        up_kbps: 1024, down_kbps: 8192, daily_mb: 50,
      });
      secret = (await ok<{ secret: string }>('/admin/device/binding', { method: 'add', serial: GW, family: 'ig', name: 'Lobby MQTT gateway' })).secret;
    },
  });
  afterAll(async () => {
    await device?.endAsync();
  });

  it('sends portal_allow after the guest signs in, and portal_kick once the daily quota is reached', async () => {
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    if (!broker) throw new Error('the server did not say where devices connect');
    const gw = await mqtt.connectAsync(broker, {
      clientId: GW, username: GW, password: secret, reconnectPeriod: 0, clean: true,
      will: { topic: `dev/${GW}/state`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    device = gw;
    // Commands as they arrive; a waiter is resolved by the message itself, not by polling.
    const seen: Command[] = [];
    const waiters: { name: string; resolve: (c: Command) => void }[] = [];
    gw.on('message', (topic, payload) => {
      if (topic !== `dev/${GW}/down/cmd`) return;
      const c = JSON.parse(payload.toString()) as Command;
      seen.push(c);
      gw.publish(`dev/${GW}/up/ack`, JSON.stringify({ id: c.id }), { qos: 1 });
      gw.publish(`dev/${GW}/up/result`, JSON.stringify({ id: c.id, ok: true }), { qos: 1 });
      for (const w of waiters.filter((x) => x.name === c.name)) w.resolve(c);
    });
    const command = (name: string) => {
      const had = seen.find((c) => c.name === name);
      return had ? Promise.resolve(had) : new Promise<Command>((resolve) => waiters.push({ name, resolve }));
    };
    await gw.subscribeAsync(`dev/${GW}/down/#`, { qos: 1 });
    await gw.publishAsync(`dev/${GW}/state`, '{"online":true}', { qos: 1, retain: true });
    await gw.publishAsync(`dev/${GW}/up/hello`, JSON.stringify({ type: 'ig', model: 'GX-IG5200', fw: '2.1.0', hw: 'A1', mac: '00:11:22:33:44:42', ip: '192.0.2.42', heartbeat_s: 60 }), { qos: 1 });

    const context = await newContext(f.browser, { locale: 'en-US', width: 375, height: 812 });
    const page = await context.newPage();
    const allowed = command('portal_allow');
    await page.goto(`${f.url}/wifidog/login/?gw_id=${GW}&mac=${MAC.toLowerCase()}&url=${encodeURIComponent('http://news.example.com/today')}`);
    await page.waitForURL(/\/wifilogin\?/);
    const visit = new URL(page.url()).searchParams;
    expect([visit.get('gw_id'), visit.get('mac'), visit.get('gw_address')]).toEqual([GW, MAC, null]);
    await page.getByTestId('wifi-accept').check();
    await page.getByTestId('wifi-one-click').click();
    await page.getByTestId('wifilogin-success').waitFor();
    expect(await page.getByTestId('wifilogin-success').getByRole('link').getAttribute('href')).toBe('http://news.example.com/today');
    const allow = await allowed;
    expect(allow.params).toEqual({ mac: MAC, minutes: 90, up_kbps: 1024, down_kbps: 8192 });
    await context.close();

    // The gateway reports the guest's traffic: 30 MB is within the quota, 55 MB is past it.
    const kicked = command('portal_kick');
    await gw.publishAsync(`dev/${GW}/up/portal`, JSON.stringify({ clients: [{ mac: MAC, incoming: 25 * MB, outgoing: 5 * MB }] }), { qos: 1 });
    await gw.publishAsync(`dev/${GW}/up/portal`, JSON.stringify({ clients: [{ mac: MAC, incoming: 45 * MB, outgoing: 10 * MB }] }), { qos: 1 });
    expect((await kicked).params).toEqual({ mac: MAC });
    expect(seen.filter((c) => c.name === 'portal_kick')).toHaveLength(1);

    const { context: console, page: admin } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: '/portal/guest' });
    await admin.locator('tr.ant-table-row').filter({ hasText: MAC }).filter({ hasText: 'Quota used up' }).waitFor();
    await console.close();
  }, 120_000);
});
