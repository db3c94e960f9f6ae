import { createHash, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { useBrowserFixture, signedInPage } from '../support/fixture';
import { chooseOption } from '../support/conditions';
import { callApi } from '../support/api';
import { fillField, openRow, pickOption, runConfirmed, submitForm } from '../system/support';

/**
 * Upgrades in Chromium: an operator uploads a firmware package, makes a campaign for a device played with a plain
 * MQTT client, starts it, and watches the device download the package over its signed link, verify it, report
 * progress and succeed — the campaign completing — without a reload.
 */
describe('firmware upload and an upgrade campaign (Chromium, 1440×900)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto' } });
  const image = randomBytes(64 * 1024);
  const sha = createHash('sha256').update(image).digest('hex');
  const devices: MqttClient[] = [];
  afterAll(() => { for (const d of devices) d.end(true); });

  /**
   * A gateway as docs/device-protocol.md says: ack, download, check size and SHA-256, progress, result — or a flash
   * failure while `failing` says so. Each package's SHA-256 as downloaded goes into `downloads`.
   */
  async function playUpgrader(broker: string, serial: string, secret: string, downloads: string[], failing = () => false) {
    const d = await mqtt.connectAsync(broker, {
      clientId: serial, username: serial, password: secret, reconnectPeriod: 0, clean: true,
      will: { topic: `dev/${serial}/state`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    devices.push(d);
    // A repeated id is the same command (docs/device-protocol.md): acknowledged again, never run twice.
    const running = new Set<number>();
    d.on('message', (topic, payload) => {
      if (topic !== `dev/${serial}/down/cmd`) return;
      const cmd = JSON.parse(payload.toString()) as { id: number; name: string; params: { url: string; sha256: string; size: number } };
      if (cmd.name !== 'upgrade') return;
      if (running.has(cmd.id)) {
        void d.publishAsync(`dev/${serial}/up/ack`, JSON.stringify({ id: cmd.id }), { qos: 1 });
        return;
      }
      running.add(cmd.id);
      void (async () => {
        await d.publishAsync(`dev/${serial}/up/ack`, JSON.stringify({ id: cmd.id }), { qos: 1 });
        const body = Buffer.from(await (await fetch(cmd.params.url)).arrayBuffer());
        const got = createHash('sha256').update(body).digest('hex');
        downloads.push(got);
        await d.publishAsync(`dev/${serial}/up/result`, JSON.stringify({ id: cmd.id, ok: true, progress: 60 }), { qos: 1 });
        const ok = got === cmd.params.sha256 && body.length === cmd.params.size;
        const answer = !ok ? { id: cmd.id, ok: false, code: 'checksum' } : failing() ? { id: cmd.id, ok: false, code: 'flash_failed', msg: 'flash write error' } : { id: cmd.id, ok: true };
        await d.publishAsync(`dev/${serial}/up/result`, JSON.stringify(answer), { qos: 1 });
      })();
    });
    await d.subscribeAsync(`dev/${serial}/down/#`, { qos: 1 });
    await d.publishAsync(`dev/${serial}/state`, '{"online":true}', { qos: 1, retain: true });
    await d.publishAsync(`dev/${serial}/up/hello`, JSON.stringify({ type: 'ig', model: 'GX-IG5200', fw: '2.1.0', hw: 'A1', mac: '00:11:22:33:44:55', ip: '192.0.2.10', heartbeat_s: 60 }), { qos: 1 });
  }

  it('uploads a package, runs a campaign over a played device and shows it succeed live', async () => {
    const serial = `E2E-UP-${randomBytes(3).toString('hex').toUpperCase()}`;
    const made = await callApi<{ id: number; secret: string }>(f.url, '/admin/device/binding', { method: 'add', serial, family: 'ig', model: 'GX-IG5200' }, f.admin);
    expect(made.code).toBe(200);
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    expect(broker).toBeTruthy();
    const downloads: string[] = [];
    await playUpgrader(broker!, serial, made.data!.secret, downloads);

    const pageErrors: string[] = [];
    // The package: chosen, described and uploaded; the server answers the SHA-256 it computed.
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)), at: '/upgrade/firmware' });
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
    await runConfirmed(page, row, 'start');
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

  it('stops a two-group campaign when the first group fails past the threshold, retries the failed ones, and ends completed (zh-CN)', async () => {
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    expect(broker).toBeTruthy();
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const ids: number[] = [];
    const serials: string[] = [];
    // The first group's two gateways fail their first flash; the retry and everyone else succeed.
    let flashFails = true;
    const downloads: string[] = [];
    for (let i = 0; i < 4; i++) {
      const serial = `E2E-TWO-${tag}-${i}`;
      const made = await callApi<{ id: number; secret: string }>(f.url, '/admin/device/binding', { method: 'add', serial, family: 'ig', model: 'GX-IG5200' }, f.admin);
      expect(made.code).toBe(200);
      ids.push(made.data!.id);
      serials.push(serial);
      await playUpgrader(broker!, serial, made.data!.secret, downloads, () => i < 2 && flashFails);
    }
    const form = new FormData();
    for (const [k, v] of Object.entries({ method: 'upload', version: `4.0.${tag}`, family: 'ig', notes: '双组' })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(image)]), 'fw.bin');
    const pkg = (await (await fetch(`${f.url}/v3/admin/upgrade/firmware`, { method: 'POST', headers: { authorization: `Bearer ${f.admin}` }, body: form })).json()) as { code: number; data: { id: number } };
    expect(pkg.code).toBe(200);
    const name = `两组升级 ${tag}`;
    const added = await callApi(f.url, '/admin/upgrade/campaign', { method: 'add', name, firmware_id: pkg.data.id, device_ids: ids, batch_size: 2, failure_threshold: 40 }, f.admin);
    expect(added.code).toBe(200);

    const { context, page } = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900, at: '/upgrade/campaign' });
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: name });
    await row.getByText('草稿', { exact: true }).waitFor();
    await runConfirmed(page, row, 'start');
    // Both of the first group failed (100 % > 40 %): the campaign pauses by itself before the second group.
    await row.getByText('已暂停', { exact: true }).waitFor();
    await openRow(page, row, 'detail');
    const detail = page.getByTestId('resource-detail');
    await detail.getByText('失败率超过阈值').waitFor();
    await detail.getByRole('tab', { name: '设备进度' }).click();
    const targets = detail.getByTestId('campaign-targets');
    await targets.getByTestId('campaign-total-failed').filter({ hasText: '2' }).waitFor();
    for (const s of serials.slice(2)) await targets.locator('tr', { hasText: s }).getByText('等待批次', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // Retry the failed ones only: they succeed now, the second group follows, and the campaign completes.
    flashFails = false;
    await runConfirmed(page, row, 'retry');
    await row.getByText('已完成', { exact: true }).waitFor();
    await openRow(page, row, 'detail');
    await detail.getByRole('tab', { name: '设备进度' }).click();
    await targets.getByTestId('campaign-total-succeeded').filter({ hasText: '4' }).waitFor();
    for (const s of serials) await targets.locator('tr', { hasText: s }).getByText('成功', { exact: true }).waitFor();
    // A progress bar per group, and the summary chart over time (ECharts, loaded with the details).
    await targets.getByTestId('campaign-batch-1').getByText('成功 2 · 失败 0').waitFor();
    await targets.getByTestId('campaign-batch-2').getByText('成功 2 · 失败 0').waitFor();
    await targets.getByTestId('campaign-chart').locator('canvas').waitFor();
    // Two failed downloads, two retried, two of the second group: six, every one the package itself.
    expect(downloads).toEqual(Array(6).fill(sha));
    await context.close();
  });

  it('shows a device that is away as waiting with its next check, in both languages, and not as a failure', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const serial = `E2E-AWAY-${tag}`;
    const made = await callApi<{ id: number }>(f.url, '/admin/device/binding', { method: 'add', serial, family: 'ig', model: 'GX-IG5200' }, f.admin);
    expect(made.code).toBe(200);
    const form = new FormData();
    for (const [k, v] of Object.entries({ method: 'upload', version: `5.0.${tag}`, family: 'ig' })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(image)]), 'fw.bin');
    const pkg = (await (await fetch(`${f.url}/v3/admin/upgrade/firmware`, { method: 'POST', headers: { authorization: `Bearer ${f.admin}` }, body: form })).json()) as { code: number; data: { id: number } };
    expect(pkg.code).toBe(200);
    const name = `Away ${tag}`;
    const added = await callApi<{ id: number }>(f.url, '/admin/upgrade/campaign', { method: 'add', name, firmware_id: pkg.data.id, device_ids: [made.data!.id], failure_threshold: 0 }, f.admin);
    expect(added.code).toBe(200);
    expect((await callApi(f.url, '/admin/upgrade/campaign', { method: 'start', id: added.data!.id }, f.admin)).code).toBe(200);
    for (const [locale, tab, waiting, next, running] of [
      ['en-US', 'Devices', 'Offline, waiting', /Offline — next check \d{4}-\d{2}-\d{2} \d{2}:\d{2}/, 'Running'],
      ['zh-CN', '设备进度', '离线等待', /离线：\d{4}-\d{2}-\d{2} \d{2}:\d{2}.* 再次检查/, '进行中'],
    ] as const) {
      const { context, page } = await signedInPage(f, { locale, width: 1440, height: 900, at: '/upgrade/campaign' });
      const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: name });
      await row.getByText(running, { exact: true }).waitFor();
      await openRow(page, row, 'detail');
      const detail = page.getByTestId('resource-detail');
      await detail.getByRole('tab', { name: tab }).click();
      const targets = detail.getByTestId('campaign-targets');
      const device = targets.locator('tr', { hasText: serial });
      await device.getByText(waiting, { exact: true }).waitFor();
      await device.getByText(next).waitFor();
      await targets.getByTestId('campaign-total-offline').waitFor();
      expect(await targets.getByTestId('campaign-total-failed').count()).toBe(0);
      await context.close();
    }
  });
});
