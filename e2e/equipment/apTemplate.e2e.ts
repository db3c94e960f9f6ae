import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { useBrowserFixture, signedInPage } from '../support/fixture';
import { callApi } from '../support/api';
import { fillField, openRow, submitForm } from '../system/support';
import { clickInStillDialog, chooseOption } from '../support/conditions';

/**
 * Issue 12 in Chromium: an operator builds an AP template in the structured editor (an SSID card, two radio
 * panels), applies it to an AP played with a plain MQTT client, and watches the device's sync state turn
 * "Applied" once the device has applied the configuration that arrived on its config topic — without a reload.
 */
describe('AP template built in the form and applied to a played device (Chromium, 1440×900)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto' } });
  let device: MqttClient | null = null;
  afterAll(() => { device?.end(true); });

  it('builds an AP template, applies it and shows the device applied', async () => {
    const serial = `E2E-AP-${randomBytes(3).toString('hex').toUpperCase()}`;
    const made = await callApi<{ id: number; secret: string }>(f.url, '/admin/device/binding', { method: 'add', serial, family: 'ap', model: 'GX-AP-E2E' }, f.admin);
    expect(made.code).toBe(200);
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    expect(broker).toBeTruthy();
    // The device, as docs/device-protocol.md §6 says: the config arrives first, then config_push; it applies the
    // config, answers on up/config and the command's result.
    const configs: { version: number; checksum: string; body: { template?: { config: { ssids: { name: string }[] } } } }[] = [];
    device = await mqtt.connectAsync(broker!, {
      clientId: serial, username: serial, password: made.data!.secret, reconnectPeriod: 0, clean: true,
      will: { topic: `dev/${serial}/state`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    const d = device;
    d.on('message', (topic, payload) => {
      if (topic === `dev/${serial}/down/config`) configs.push(JSON.parse(payload.toString()) as (typeof configs)[number]);
      if (topic !== `dev/${serial}/down/cmd`) return;
      const cmd = JSON.parse(payload.toString()) as { id: number; name: string };
      if (cmd.name !== 'config_push') return;
      const c = configs.at(-1)!;
      void (async () => {
        await d.publishAsync(`dev/${serial}/up/ack`, JSON.stringify({ id: cmd.id }), { qos: 1 });
        await d.publishAsync(`dev/${serial}/up/config`, JSON.stringify({ version: c.version, checksum: c.checksum, ok: true }), { qos: 1 });
        await d.publishAsync(`dev/${serial}/up/result`, JSON.stringify({ id: cmd.id, ok: true, data: { version: c.version } }), { qos: 1 });
      })();
    });
    await d.subscribeAsync(`dev/${serial}/down/#`, { qos: 1 });
    await d.publishAsync(`dev/${serial}/state`, '{"online":true}', { qos: 1, retain: true });
    await d.publishAsync(`dev/${serial}/up/hello`, JSON.stringify({ type: 'ap', model: 'GX-AP-E2E', fw: '1.0.0', hw: 'A1', mac: '00:11:22:33:44:77', ip: '192.0.2.11', heartbeat_s: 60 }), { qos: 1 });

    const pageErrors: string[] = [];
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)), at: '/equipment/ap/template' });
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('toolbar-add').click();
    const form = page.getByTestId('resource-form');
    await fillField(page, 'name', 'Lobby APs');
    await fillField(page, 'roaming_threshold', '-75');
    // The SSID card: a short password is refused on the control, a long enough one accepted.
    await form.getByTestId('ssid-0-name').fill('Lobby');
    await form.getByTestId('ssid-0-password').fill('short');
    await form.getByTestId('ssid-0-password-problem').waitFor();
    await form.getByTestId('ssid-0-password').fill('lobby-pass-1');
    await form.getByTestId('ssid-0-password-problem').waitFor({ state: 'detached' });
    // A second SSID, unencrypted.
    await form.getByTestId('ssid-add').click();
    await form.getByTestId('ssid-1-name').fill('Guests');
    await form.getByTestId('ssid-1-encryption').click();
    await chooseOption(page, 'None');
    // The 5G radio panel: a fixed channel.
    await form.getByTestId('radio_5-channel').click();
    await page.keyboard.type('149');
    await chooseOption(page, '149');
    await submitForm(page);
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: 'Lobby APs' });
    await row.waitFor();

    // Applied by a filter over the model: the device gets the config and the details show it applied, live.
    await page.evaluate(() => { (window as unknown as { gxMarker: number }).gxMarker = 1; });
    await openRow(page, row, 'apply');
    const action = page.getByTestId('action-form');
    await action.locator('[data-testid="field-filter_model"]').first().fill('GX-AP-E2E');
    await clickInStillDialog(action.getByTestId('action-form-submit'));
    await action.waitFor({ state: 'hidden' });
    await openRow(page, row, 'detail');
    const detail = page.getByTestId('resource-detail');
    await detail.getByRole('tab', { name: 'Device sync' }).click();
    await detail.getByTestId(`template-device-state-${made.data!.id}`).filter({ hasText: 'Applied' }).waitFor();
    expect(configs[0]!.body.template!.config.ssids.map((s) => s.name)).toEqual(['Lobby', 'Guests']);
    expect(await page.evaluate(() => (window as unknown as { gxMarker?: number }).gxMarker)).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('previews the configuration a device would get, with where each variable came from', async () => {
    const serial = `E2E-APV-${randomBytes(3).toString('hex').toUpperCase()}`;
    const made = await callApi<{ id: number }>(f.url, '/admin/device/binding', {
      method: 'add', serial, family: 'ap', config_variables: JSON.stringify({ site: 'Lobby' }),
    }, f.admin);
    expect(made.code).toBe(200);
    const ssid = { name: 'Guest-{{ site }}', broadcast: true, encryption: 'wpa2_psk', password: '{{ wifi_key }}', isolation: false, max_users: 64, vlan: 1, kvr_disable: false };
    const tpl = await callApi(f.url, '/admin/device/ap/template', {
      method: 'add', name: 'Variable APs', roaming_threshold: 0, lan_ports: 1, ssids: JSON.stringify([ssid]),
      radio_24: JSON.stringify({ bandwidth: '20', power: 20, channel: 6 }), radio_5: JSON.stringify({ bandwidth: '80', power: 23, channel: 36 }),
      variables: JSON.stringify({ site: 'Default', wifi_key: 'template-key' }),
    }, f.admin);
    expect(tpl.code).toBe(200);
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: '/equipment/ap/template' });
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('template-preview-open').click();
    const dialog = page.getByTestId('template-preview');
    for (const [part, text] of [['template', 'Variable APs'], ['device', serial]] as const) {
      await clickInStillDialog(dialog.getByTestId(`template-preview-${part}`).locator('.ant-select'));
      await page.keyboard.type(text);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
    }
    await dialog.getByTestId('template-preview-run').click();
    await dialog.getByTestId('template-preview-source-site').filter({ hasText: 'Device' }).waitFor();
    await dialog.getByTestId('template-preview-source-wifi_key').filter({ hasText: 'Template default' }).waitFor();
    expect(await dialog.getByTestId('template-preview-config').textContent()).toContain('Guest-Lobby');
    await context.close();
  });
});
