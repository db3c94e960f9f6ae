import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { clickInStillDialog } from '../support/conditions';
import { openRow } from '../system/support';

const RULES = '/admin/device/alarm_rule';
const ALARMS = '/admin/device/alarm';

/**
 * Issue 11 §6 in Chromium: a device of the demo fleet, played with a plain MQTT client, goes online and then drops
 * its connection; with the default offline rule shortened to a second, its alarm appears on the alarms page without
 * a reload, is counted in the summary, and is acknowledged from its row.
 */
describe('alarms page (Chromium)', () => {
  let device: MqttClient | null = null;
  const f = useBrowserFixture({
    env: { MQTT_PORT: 'auto', DEMO_FLEET: '1' },
    async seed(fx) {
      const rules = await callApi<{ list: { id: number; metric: string }[] }>(fx.url, RULES, { method: 'list' }, fx.admin);
      const offline = rules.data!.list.find((r) => r.metric === 'offline')!;
      const r = await callApi(fx.url, RULES, { method: 'update', id: offline.id, duration_s: 1 }, fx.admin);
      if (r.code !== 200) throw new Error(`rule update: ${r.code} ${r.msg}`);
    },
  });

  it('shows an offline alarm live and acknowledges it', async () => {
    const { page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900 });
    try {
      const [, first] = readFileSync(join(f.server.dataDir, 'demo-fleet.csv'), 'utf8').trim().split('\n');
      const [serial, secret] = first!.split(',') as [string, string];
      const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
      expect(broker).toBeTruthy();

      await page.goto(`${f.url}/equipment/alarm`);
      await page.getByTestId('resource-table').waitFor();
      await page.getByTestId('alarm-summary').filter({ hasText: 'Active alarms: 0' }).waitFor();
      // A reload would lose this marker.
      await page.evaluate(() => { (window as unknown as { gxMarker: number }).gxMarker = 1; });

      device = await mqtt.connectAsync(broker!, {
        clientId: serial, username: serial, password: secret, reconnectPeriod: 0, clean: true,
        will: { topic: `dev/${serial}/state`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
      });
      await device.publishAsync(`dev/${serial}/state`, '{"online":true}', { qos: 1, retain: true });
      await device.publishAsync(`dev/${serial}/up/hello`, JSON.stringify({ type: 'ig', model: 'GX-IG5200', fw: '2.1.0', hw: 'A1', mac: '00:11:22:33:44:55', ip: '192.0.2.10', heartbeat_s: 60 }), { qos: 1 });
      await expect.poll(async () => {
        const r = await callApi<{ list: { online: number }[] }>(f.url, '/admin/device/binding', { method: 'list', serial }, f.admin);
        return r.data?.list[0]?.online;
      }).toBe(1);
      device.stream.destroy();

      const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: serial });
      await row.getByText('Raised', { exact: true }).waitFor();
      await row.getByText('Major', { exact: true }).waitFor();
      await page.getByTestId('alarm-summary').filter({ hasText: 'Active alarms: 1' }).waitFor();

      await openRow(page, row, 'acknowledge');
      await clickInStillDialog(page.getByTestId('confirm-ok'));
      await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
      await row.getByText('Acknowledged', { exact: true }).waitFor();
      const [alarm] = (await callApi<{ list: { state: string; acknowledged_by: string | null }[] }>(f.url, ALARMS, { method: 'list', active: 1 }, f.admin)).data!.list;
      expect(alarm).toMatchObject({ state: 'acknowledged' });
      expect(alarm!.acknowledged_by).toBeTruthy();

      // The history view is the same list without active alarms: the acknowledged one is not there yet.
      await page.getByTestId('alarm-header').getByText('History', { exact: true }).click();
      await page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: serial }).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (window as unknown as { gxMarker?: number }).gxMarker)).toBe(1);
    } finally {
      device?.end(true);
    }
  });
});
