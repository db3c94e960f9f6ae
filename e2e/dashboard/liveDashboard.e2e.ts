import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { DASHBOARD_SUMMARY_PATH, type DashboardSummary } from '@gx/contract';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';

/**
 * Issue 16 in Chromium: the dashboard shows the demo fleet's real figures (as the summary call counts them), each
 * linking to its filtered list, and changes without a reload when a device played over MQTT comes online and goes
 * offline; both languages; no horizontal scroll at 375 px.
 */
describe('the dashboard (Chromium)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto', DEMO_FLEET: '1' } });
  let device: MqttClient | null = null;
  afterAll(() => {
    device?.end(true);
  });
  const figure = (page: Page, id: string) => page.getByTestId(id).textContent();
  const summary = async () => (await callApi<DashboardSummary>(f.url, DASHBOARD_SUMMARY_PATH, { method: 'summary' }, f.admin)).data!;

  it('shows the demo fleet\'s figures and follows a played device online and offline, live', async () => {
    const errors: string[] = [];
    const { page, context } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => errors.push(e.message)) });
    const lines = readFileSync(join(f.server.dataDir, 'demo-fleet.csv'), 'utf8').trim().split('\n');
    const fleet = lines.length - 1;
    const before = await summary();
    expect(before.devices!.total).toBe(fleet);

    await page.getByTestId('dashboard-overview').waitFor();
    expect(await figure(page, 'dashboard-devices-total')).toBe(String(fleet));
    expect(await figure(page, 'dashboard-devices-online')).toBe(String(before.devices!.online));
    expect(await figure(page, 'dashboard-devices-offline')).toBe(String(before.devices!.offline));
    for (const fam of before.devices!.families) expect(await figure(page, `dashboard-family-${fam.family}-total`)).toBe(String(fam.total));
    await page.getByTestId('dashboard-online-rate-chart').waitFor();
    for (const card of ['commands', 'campaigns', 'workOrders', 'suggestions', 'sms']) await page.getByTestId(`dashboard-card-${card}`).waitFor();
    expect(await figure(page, 'dashboard-campaigns-running')).toBe(String(before.campaigns!.running));
    expect(await figure(page, 'dashboard-work-orders-open')).toBe(String(before.workOrders!.open));
    // A reload would lose this marker.
    await page.evaluate(() => { (window as unknown as { gxMarker: number }).gxMarker = 1; });

    // One device of the fleet, played with a plain MQTT client.
    const [serial, secret, family] = lines[1]!.split(',') as [string, string, string];
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    expect(broker).toBeTruthy();
    device = await mqtt.connectAsync(broker!, {
      clientId: serial, username: serial, password: secret, reconnectPeriod: 0, clean: true,
      will: { topic: `dev/${serial}/state`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    await device.publishAsync(`dev/${serial}/state`, '{"online":true}', { qos: 1, retain: true });
    await device.publishAsync(`dev/${serial}/up/hello`, JSON.stringify({ type: family, model: 'GX-DEMO', fw: '1.0.0', hw: 'A1', mac: '00:11:22:33:44:66', ip: '192.0.2.11', heartbeat_s: 60 }), { qos: 1 });
    const online = before.devices!.online;
    const famOnline = before.devices!.families.find((x) => x.family === family)!.online;
    await expect.poll(() => figure(page, 'dashboard-devices-online')).toBe(String(online + 1));
    expect(await figure(page, 'dashboard-devices-offline')).toBe(String(before.devices!.offline - 1));
    expect(await figure(page, `dashboard-family-${family}-online`)).toBe(String(famOnline + 1));

    // The device drops its connection: the figures fall back, still without a reload.
    device.stream.destroy();
    await expect.poll(() => figure(page, 'dashboard-devices-online')).toBe(String(online));
    expect(await figure(page, 'dashboard-devices-offline')).toBe(String(before.devices!.offline));
    expect(await page.evaluate(() => (window as unknown as { gxMarker?: number }).gxMarker)).toBe(1);

    // Each figure leads to the list behind it, filtered.
    await page.getByTestId('dashboard-devices-offline').click();
    await page.waitForURL(/\/equipment\/device\?binding\.online=0$/);
    await page.getByTestId('resource-table').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads in Chinese and fits a 375 px screen without sideways scrolling', async () => {
    const { page, context } = await signedInPage(f, { locale: 'zh-CN', width: 375, height: 800 });
    await page.getByTestId('dashboard-overview').waitFor();
    await page.getByText('24 小时在线率').waitFor();
    await page.getByText('执行中的命令').waitFor();
    expect(await figure(page, 'dashboard-devices-total')).toBe(String((await summary()).devices!.total));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
