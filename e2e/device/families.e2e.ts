import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { seriousViolations } from '../support/axe';

/** What the played OLT reports: its totals, two PON ports and three ONUs (one too strong for GPON). */
const metrics = (onusOnline: number) => ({
  pon_ports: 16, pon_ports_up: 2, onus_online: onusOnline, rx_power_dbm: -19.5, tx_power_dbm: 4.2, temperature_c: 45,
  pon1_rx_dbm: -18.4, pon1_tx_dbm: 3.1, pon1_onus: 2, pon2_rx_dbm: -20.2, pon2_tx_dbm: 2.9, pon2_onus: 1,
  pon1_onu1_rx_dbm: -21.2, pon1_onu2_rx_dbm: -6.5, pon2_onu1_rx_dbm: -23.3,
});

/**
 * Issue 11, family pages in Chromium: an OLT of the demo fleet played over MQTT appears online on Equipment → OLT
 * with its key figures; its detail shows the status header, the telemetry chart (ECharts, loaded with that tab
 * only) from the stored series with a new point appended live, and the PON ports and ONUs tab with an ONU whose
 * optical power is out of range flagged.
 */
describe('family device pages (Chromium)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto', DEMO_FLEET: '1' } });
  let device: MqttClient | null = null;
  afterAll(() => {
    device?.end(true);
  });

  it('lists the OLT live with its figures, and charts its telemetry and ONUs in its detail', async () => {
    const lines = readFileSync(join(f.server.dataDir, 'demo-fleet.csv'), 'utf8').trim().split('\n').slice(1);
    const [serial, secret] = lines.map((l) => l.split(',')).find((c) => c[2] === 'olt')! as [string, string];
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    expect(broker).toBeTruthy();
    // Straight onto the OLT list: opened on the dashboard first, the dashboard's chart chunk could still be arriving
    // when the list was asked for, and was counted as the list's (seen under load).
    const scripts: string[] = [];
    const { page } = await signedInPage(f, { locale: 'en-US', at: null });
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });

    await page.goto(`${f.url}/equipment/olt`);
    const row = page.getByTestId('resource-table').locator('tr', { hasText: serial });
    await row.getByText('Offline', { exact: true }).waitFor();

    device = await mqtt.connectAsync(broker!, {
      clientId: serial, username: serial, password: secret, reconnectPeriod: 0, clean: true,
      will: { topic: `dev/${serial}/state`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    await device.subscribeAsync(`dev/${serial}/down/#`, { qos: 1 });
    await device.publishAsync(`dev/${serial}/state`, '{"online":true}', { qos: 1, retain: true });
    await device.publishAsync(`dev/${serial}/up/hello`, JSON.stringify({ type: 'olt', model: 'GX-OLT-16', fw: '5.9.1', hw: 'v1', mac: '02:00:00:00:0A:01', ip: '192.0.2.31', heartbeat_s: 60 }), { qos: 1 });
    await device.publishAsync(`dev/${serial}/up/hb`, JSON.stringify({ uptime: 7260, cpu: 10, mem: 30 }));
    // An earlier point of the series (five minutes ago), then the current one.
    await device.publishAsync(`dev/${serial}/up/telemetry`, JSON.stringify({ ts: Date.now() - 5 * 60_000, metrics: metrics(2) }));
    await device.publishAsync(`dev/${serial}/up/telemetry`, JSON.stringify({ metrics: metrics(3) }));
    await row.getByText('Online', { exact: true }).waitFor();
    // The key figures come from the latest telemetry (refreshed by the live stream).
    await expect.poll(async () => row.textContent()).toContain('-19.5 dBm');
    expect(scripts.filter((u) => /EChart|TelemetryCharts/.test(u))).toEqual([]);

    await row.getByTestId('row-action-detail').click();
    const status = page.getByTestId('device-status');
    await status.getByText('5.9.1').waitFor();
    await status.getByText('2h 1m').waitFor();
    await status.getByText('192.0.2.31').waitFor();

    await page.getByRole('tab', { name: 'Telemetry' }).click();
    const optical = page.getByTestId('telemetry-card-optical');
    await optical.getByTestId('telemetry-chart-optical').locator('canvas').first().waitFor();
    expect(Number(await optical.getAttribute('data-points'))).toBe(2);
    // A new point arrives over MQTT and is appended without a reload.
    await device.publishAsync(`dev/${serial}/up/telemetry`, JSON.stringify({ ts: Date.now() + 60_000, metrics: metrics(4) }));
    await expect.poll(async () => Number(await optical.getAttribute('data-points'))).toBe(3);
    expect(scripts.some((u) => /TelemetryCharts/.test(u))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'PON ports and ONUs' }).click();
    const onus = page.getByTestId('family-olt-onus');
    await onus.locator('tr', { hasText: '-6.5 dBm' }).getByText('Too high').waitFor();
    expect(await onus.locator('tbody tr').count()).toBe(3);
    await page.getByTestId('family-olt-ports').locator('tr', { hasText: 'PON 1' }).getByText('-18.4 dBm').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('reads the same in Chinese', async () => {
    const serial = readFileSync(join(f.server.dataDir, 'demo-fleet.csv'), 'utf8').split('\n').map((l) => l.split(',')).find((c) => c[2] === 'olt')![0]!;
    const { page } = await signedInPage(f, { locale: 'zh-CN', at: '/equipment/olt' });
    const row = page.getByTestId('resource-table').locator('tr', { hasText: serial });
    await row.getByText('在线', { exact: true }).waitFor();
    await row.getByTestId('row-action-detail').click();
    await page.getByTestId('device-status').getByText('2 小时 1 分').waitFor();
    await page.getByRole('tab', { name: '遥测' }).click();
    await page.getByTestId('telemetry-card-optical').getByText('光功率').waitFor();
    await page.getByRole('tab', { name: 'PON 口与 ONU' }).click();
    await page.getByTestId('family-olt-onus').locator('tr', { hasText: '-6.5 dBm' }).getByText('过高').waitFor();
  });
});
