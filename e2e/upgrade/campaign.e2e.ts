import { createHash, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { useBrowserFixture, signedInPage } from '../support/fixture';
import { clickInStillDialog, chooseOption } from '../support/conditions';
import { callApi } from '../support/api';
import { fillField, openRow, pickOption, submitForm } from '../system/support';

/**
 * Upgrades in Chromium: an operator uploads a firmware package, makes a campaign for a device played with a plain
 * MQTT client, starts it, and watches the device download the package over its signed link, verify it, report
 * progress and succeed — the campaign completing — without a reload.
 */
describe('firmware upload and an upgrade campaign (Chromium, 1440×900)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto' } });
  const image = randomBytes(64 * 1024);
  const sha = createHash('sha256').update(image).digest('hex');
  let device: MqttClient | null = null;
  afterAll(() => { device?.end(true); });

  it('uploads a package, runs a campaign over a played device and shows it succeed live', async () => {
    const serial = `E2E-UP-${randomBytes(3).toString('hex').toUpperCase()}`;
    const made = await callApi<{ id: number; secret: string }>(f.url, '/admin/device/binding', { method: 'add', serial, family: 'ig', model: 'GX-IG5200' }, f.admin);
    expect(made.code).toBe(200);
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    expect(broker).toBeTruthy();
    // The device, as docs/device-protocol.md says: ack, download, check size and SHA-256, progress, result.
    const downloads: string[] = [];
    device = await mqtt.connectAsync(broker!, {
      clientId: serial, username: serial, password: made.data!.secret, reconnectPeriod: 0, clean: true,
      will: { topic: `dev/${serial}/state`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    const d = device;
    d.on('message', (topic, payload) => {
      if (topic !== `dev/${serial}/down/cmd`) return;
      const cmd = JSON.parse(payload.toString()) as { id: number; name: string; params: { url: string; sha256: string; size: number } };
      if (cmd.name !== 'upgrade') return;
      void (async () => {
        await d.publishAsync(`dev/${serial}/up/ack`, JSON.stringify({ id: cmd.id }), { qos: 1 });
        const body = Buffer.from(await (await fetch(cmd.params.url)).arrayBuffer());
        const got = createHash('sha256').update(body).digest('hex');
        downloads.push(got);
        await d.publishAsync(`dev/${serial}/up/result`, JSON.stringify({ id: cmd.id, ok: true, progress: 60 }), { qos: 1 });
        const ok = got === cmd.params.sha256 && body.length === cmd.params.size;
        await d.publishAsync(`dev/${serial}/up/result`, JSON.stringify(ok ? { id: cmd.id, ok: true } : { id: cmd.id, ok: false, code: 'checksum' }), { qos: 1 });
      })();
    });
    await d.subscribeAsync(`dev/${serial}/down/#`, { qos: 1 });
    await d.publishAsync(`dev/${serial}/state`, '{"online":true}', { qos: 1, retain: true });
    await d.publishAsync(`dev/${serial}/up/hello`, JSON.stringify({ type: 'ig', model: 'GX-IG5200', fw: '2.1.0', hw: 'A1', mac: '00:11:22:33:44:55', ip: '192.0.2.10', heartbeat_s: 60 }), { qos: 1 });

    const pageErrors: string[] = [];
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)) });

    // The package: chosen, described and uploaded; the server answers the SHA-256 it computed.
    await page.goto(`${f.url}/upgrade/firmware`);
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('firmware-upload').click();
    const dialog = page.getByTestId('firmware-upload-dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'gx-ig-3.0.0.bin', mimeType: 'application/octet-stream', buffer: image });
    await dialog.getByTestId('firmware-version').fill('3.0.0');
    await dialog.getByTestId('firmware-family').click();
    await chooseOption(page, 'Integrated gateway');
    await dialog.getByTestId('firmware-models').fill('GX-IG5200');
    await dialog.getByTestId('firmware-notes').fill('Faster roaming');
    await dialog.getByRole('button', { name: 'Upload' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    const pkgRow = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: '3.0.0' });
    await pkgRow.waitFor();
    expect(await pkgRow.textContent()).toContain(String(image.length));

    // The campaign: the package and the device, one batch.
    await page.goto(`${f.url}/upgrade/campaign`);
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('toolbar-add').click();
    await fillField(page, 'name', 'Gateways to 3.0.0');
    // A single choice closes its list itself (Escape would close the form).
    await page.getByTestId('resource-form').getByTestId('field-firmware_id').first().click();
    await page.keyboard.type('3.0.0');
    await chooseOption(page, '3.0.0');
    await pickOption(page, 'device_ids', serial);
    await submitForm(page);
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: 'Gateways to 3.0.0' });
    await row.getByText('Draft', { exact: true }).waitFor();

    // Started, the device downloads and succeeds; the list and the details follow without a reload.
    await page.evaluate(() => { (window as unknown as { gxMarker: number }).gxMarker = 1; });
    await openRow(page, row, 'start');
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
    await row.getByText('Completed', { exact: true }).waitFor();
    await openRow(page, row, 'detail');
    const detail = page.getByTestId('resource-detail');
    await detail.getByRole('tab', { name: 'Devices' }).click();
    const targets = detail.getByTestId('campaign-targets');
    await targets.getByTestId('campaign-total-succeeded').filter({ hasText: 'Succeeded 1' }).waitFor();
    await targets.locator('tr', { hasText: serial }).getByText('Succeeded', { exact: true }).waitFor();
    expect(downloads).toEqual([sha]);
    expect(await page.evaluate(() => (window as unknown as { gxMarker?: number }).gxMarker)).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
