import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { useBrowserFixture, signedInPage } from '../support/fixture';
import { callApi } from '../support/api';
import { openRow, submitForm, fillField } from '../system/support';
import { chooseOption, clickInStillDialog } from '../support/conditions';
import { openInApp } from '../support/navigate';

type Config = { version: number; checksum: string; body: { template?: { config: { ssids: { name: string }[] } } } };

/**
 * Issue 12 in Chromium: a device group made on its page with a group variable, an AP template applied to the
 * group, and the sync states of two played APs turning live — one applied, one whose device reports another
 * checksum "modified" until, reconnecting stale, it gets the configuration again and confirms it — in English,
 * then the same states in Chinese.
 */
describe('device groups and configuration sync states (Chromium, 1440×900)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto' } });
  const clients: MqttClient[] = [];
  afterAll(() => { for (const c of clients) c.end(true); });

  /** An AP speaking docs/device-protocol.md §6: confirms each config, with a wrong checksum while `tamper` says so. */
  async function playAp(broker: string, serial: string, secret: string, tamper: () => boolean) {
    const configs: Config[] = [];
    const d = await mqtt.connectAsync(broker, {
      clientId: serial, username: serial, password: secret, reconnectPeriod: 0, clean: true,
      will: { topic: `dev/${serial}/state`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    clients.push(d);
    d.on('message', (topic, payload) => {
      if (topic === `dev/${serial}/down/config`) configs.push(JSON.parse(payload.toString()) as Config);
      if (topic !== `dev/${serial}/down/cmd`) return;
      const cmd = JSON.parse(payload.toString()) as { id: number; name: string };
      if (cmd.name !== 'config_push') return;
      const c = configs.at(-1)!;
      const checksum = tamper() ? 'f'.repeat(64) : c.checksum;
      void (async () => {
        await d.publishAsync(`dev/${serial}/up/ack`, JSON.stringify({ id: cmd.id }), { qos: 1 });
        await d.publishAsync(`dev/${serial}/up/config`, JSON.stringify({ version: c.version, checksum, ok: true }), { qos: 1 });
        await d.publishAsync(`dev/${serial}/up/result`, JSON.stringify({ id: cmd.id, ok: true, data: { version: c.version } }), { qos: 1 });
      })();
    });
    await d.subscribeAsync(`dev/${serial}/down/#`, { qos: 1 });
    await d.publishAsync(`dev/${serial}/state`, '{"online":true}', { qos: 1, retain: true });
    const hello = (extra: Record<string, unknown> = {}) => d.publishAsync(`dev/${serial}/up/hello`, JSON.stringify({
      type: 'ap', model: 'GX-AP-GRP', fw: '1.0.0', hw: 'A1', mac: '00:11:22:33:44:88', ip: '192.0.2.12', heartbeat_s: 60, ...extra,
    }), { qos: 1 });
    await hello();
    return { configs, hello };
  }

  it('makes a group with a variable, applies a template to it and follows each device\'s sync state live', async () => {
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    expect(broker).toBeTruthy();
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const pageErrors: string[] = [];
    // The group, on its own page: a name and one group variable.
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: '/equipment/group', watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)) });
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('toolbar-add').click();
    const form = page.getByTestId('resource-form');
    await fillField(page, 'name', `Lobby ${tag}`);
    await form.getByTestId('config_variables-add').click();
    await form.getByTestId('config_variables-0-name').fill('site');
    await form.getByTestId('config_variables-0-value').fill('Lobby');
    await submitForm(page);
    await page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: `Lobby ${tag}` }).waitFor();
    const groups = await callApi<{ list: { id: number; name: string }[] }>(f.url, '/admin/device/group', { method: 'list', size: 100 }, f.admin);
    const groupId = groups.data!.list.find((g) => g.name === `Lobby ${tag}`)!.id;

    // Two APs in the group, played over MQTT; the second reports another checksum until it reconnects stale.
    let tampering = true;
    const played = await Promise.all(['A', 'B'].map(async (n) => {
      const serial = `E2E-GRP-${n}-${tag}`;
      const made = await callApi<{ id: number; secret: string }>(f.url, '/admin/device/binding', { method: 'add', serial, family: 'ap', group_id: groupId }, f.admin);
      expect(made.code, made.msg).toBe(200);
      const ap = await playAp(broker!, serial, made.data!.secret, () => n === 'B' && tampering);
      return { id: made.data!.id, ...ap };
    }));
    const [a, b] = played as [typeof played[number], typeof played[number]];
    const ssid = { name: 'Guest-{{ site }}', broadcast: true, encryption: 'wpa2_psk', password: 'group-pass-1', isolation: false, max_users: 64, vlan: 1, kvr_disable: false };
    const tpl = await callApi(f.url, '/admin/device/ap/template', {
      method: 'add', name: `Group APs ${tag}`, roaming_threshold: 0, lan_ports: 1, ssids: JSON.stringify([ssid]),
      radio_24: JSON.stringify({ bandwidth: '20', power: 20, channel: 6 }), radio_5: JSON.stringify({ bandwidth: '80', power: 23, channel: 36 }),
    }, f.admin);
    expect(tpl.code).toBe(200);

    // Applied to the group from the template's row action, choosing the group in the picker.
    await page.goto(`${f.url}/equipment/ap/template`);
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: `Group APs ${tag}` });
    await row.waitFor();
    await openRow(page, row, 'apply');
    const action = page.getByTestId('action-form');
    await clickInStillDialog(action.getByTestId('field-group_id').first());
    await page.keyboard.type(`Lobby ${tag}`);
    await chooseOption(page, `Lobby ${tag}`);
    await clickInStillDialog(action.getByTestId('action-form-submit'));
    await action.waitFor({ state: 'hidden' });
    await openRow(page, row, 'detail');
    const detail = page.getByTestId('resource-detail');
    await detail.getByRole('tab', { name: 'Device sync' }).click();
    await detail.getByTestId(`template-device-state-${a.id}`).filter({ hasText: 'Applied' }).waitFor();
    await detail.getByTestId(`template-device-state-${b.id}`).filter({ hasText: 'Modified' }).waitFor();
    // Each got the group's value.
    expect(a.configs[0]!.body.template!.config.ssids[0]!.name).toBe('Guest-Lobby');

    // B reconnects reporting what it ran before: the configuration comes again, B confirms it, "Applied" — live.
    tampering = false;
    await b.hello({ config_version: 0, config_checksum: '0'.repeat(64) });
    await detail.getByTestId(`template-device-state-${b.id}`).filter({ hasText: 'Applied' }).waitFor();
    expect(b.configs.length).toBeGreaterThanOrEqual(2);
    expect(pageErrors).toEqual([]);
    await context.close();

    // The same page in Chinese: the group page's title and both devices applied.
    const zh = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900, at: '/equipment/group' });
    await zh.page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: `Lobby ${tag}` }).waitFor();
    await zh.page.getByText('设备分组').first().waitFor();
    await openInApp(zh.page, '/equipment/ap/template');
    const zhRow = zh.page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: `Group APs ${tag}` });
    await zhRow.waitFor();
    await openRow(zh.page, zhRow, 'detail');
    const zhDetail = zh.page.getByTestId('resource-detail');
    await zhDetail.getByRole('tab', { name: '设备同步状态' }).click();
    for (const d of [a, b]) await zhDetail.getByTestId(`template-device-state-${d.id}`).filter({ hasText: '已应用' }).waitFor();
    await zh.context.close();
  });
});
