import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { signedInPage, useBrowserFixture } from '../support/fixture';

/**
 * Issue 10 in Chromium: a fresh embedded install seeds the demo fleet (credentials in DATA_DIR/demo-fleet.csv);
 * a device played with a plain MQTT client goes online, answers a restart sent from its details, then drops its
 * connection; the device list and the commands tab show
 * each change as it happens, without a reload.
 */
describe('device presence on the list page (Chromium)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto', DEMO_FLEET: '1' } });
  let page: Page;
  let device: MqttClient | null = null;

  beforeAll(async () => {
    ({ page } = await signedInPage(f, { locale: 'en-US' }));
  });
  afterAll(async () => {
    device?.end(true);
  });

  it('writes the demo fleet\'s credentials readable by the owner only', () => {
    const file = join(f.server.dataDir, 'demo-fleet.csv');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('serial,secret,family,model');
    expect(lines.length).toBeGreaterThanOrEqual(51);
  });

  it('shows a device going online, a restart succeeding and the device going offline, without a reload', async () => {
    const [, first] = readFileSync(join(f.server.dataDir, 'demo-fleet.csv'), 'utf8').trim().split('\n');
    const [serial, secret] = first!.split(',') as [string, string];
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    expect(broker).toBeTruthy();

    await page.goto(`${f.url}/equipment/device`);
    const row = page.getByTestId('resource-table').locator('tr', { hasText: serial });
    await row.getByText('Offline', { exact: true }).waitFor();
    // A reload would lose this marker.
    await page.evaluate(() => { (window as unknown as { gxMarker: number }).gxMarker = 1; });

    device = await mqtt.connectAsync(broker!, {
      clientId: serial, username: serial, password: secret, reconnectPeriod: 0, clean: true,
      will: { topic: `dev/${serial}/state`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    await device.subscribeAsync(`dev/${serial}/down/#`, { qos: 1 });
    await device.publishAsync(`dev/${serial}/state`, '{"online":true}', { qos: 1, retain: true });
    await device.publishAsync(`dev/${serial}/up/hello`, JSON.stringify({ type: 'ig', model: 'GX-IG5200', fw: '2.1.0', hw: 'A1', mac: '00:11:22:33:44:55', ip: '192.0.2.10', heartbeat_s: 60 }), { qos: 1 });
    await row.getByText('Online', { exact: true }).waitFor();

    // A restart sent from the device's details is answered by the device; its state turns "Succeeded" live.
    device.on('message', (topic, payload) => {
      if (topic !== `dev/${serial}/down/cmd`) return;
      const { id } = JSON.parse(payload.toString()) as { id: number };
      device?.publish(`dev/${serial}/up/ack`, JSON.stringify({ id }), { qos: 1 });
      device?.publish(`dev/${serial}/up/result`, JSON.stringify({ id, ok: true }), { qos: 1 });
    });
    await row.getByTestId('row-action-detail').click();
    await page.getByRole('tab', { name: 'Commands' }).click();
    await page.getByTestId('device-send-command').click();
    await page.getByTestId('send-command-dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('device-commands').getByText('Succeeded', { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    device.stream.destroy();
    await row.getByText('Offline', { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { gxMarker?: number }).gxMarker)).toBe(1);
  });
});
