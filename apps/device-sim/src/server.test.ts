// The simulator against the real server (embedded broker, real database, real HTTP): provisioned through the API,
// it comes online, executes a restart and an upgrade sent from the API, and the server records them as succeeded;
// an upgrade campaign's signed download links work for it end to end.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, engines, startTestApp, type TestApp } from '../../server/src/testing/testApp';
import { deviceApi, until } from '../../server/src/modules/equipment/testing';
import { Fleet } from './fleet';
import { provisionDevices } from './provision';

const firmware = Buffer.alloc(200_000, 3);
const sha256 = createHash('sha256').update(firmware).digest('hex');

describe.each(engines)('simulated fleet against the server (%s)', (engine) => {
  let t: TestApp;
  let http: Server;
  let fwUrl: string;
  let fleet: Fleet;
  let api: ReturnType<typeof deviceApi>;
  const ids: number[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'gx-sim-'));

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { MQTT_PORT: 'auto', DATA_DIR: dataDir } });
    http = createServer((req, res) => (req.url === '/fw.bin' ? res.writeHead(200, { 'content-length': firmware.length }).end(firmware) : res.writeHead(404).end()));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    fwUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/fw.bin`;
    api = deviceApi(t, await t.login());
    const { identities } = await provisionDevices({ api: t.url, username: 'admin', password: ADMIN_PASSWORD, counts: new Map([['ig', 2], ['screen', 1]]) });
    for (const d of identities) {
      const r = await api.post<{ list: { id: number }[] }>('/admin/device/binding', { method: 'list', serial: d.serial, page: 1, size: 1 });
      const id = r.data?.list[0]?.id;
      if (!id) throw new Error(`provisioned ${d.serial} is not listed`);
      ids.push(id);
    }
    fleet = new Fleet(identities, { url: t.app.deviceChannel.transport.address() ?? '', heartbeatS: 5, telemetryS: 5, restartDelayMs: 300, reconnectJitterMs: 200 });
    fleet.start();
  });

  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
    await new Promise<void>((r) => http?.close(() => r()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('provisioned devices come online with the facts they report', async () => {
    for (const id of ids) await until(`device ${id} online`, async () => (await api.device(id)).online === 1);
    // What each device says it runs, whichever of this file's upgrades ran before (the tests share the fleet).
    for (const [i, id] of ids.entries()) {
      const fw = fleet.devices[i]?.fw;
      expect(fw).toMatch(/^\d+\.\d+\.\d+$/);
      await until(`device ${id} reports ${fw}`, async () => (await api.device(id)).fw === fw);
    }
    expect(fleet.stats.refused).toBe(0);
  });

  it('a restart sent from the API succeeds, and the device really drops and comes back', async () => {
    const id = ids[0] ?? 0;
    const before = fleet.stats.drops;
    const sent = await api.send([id], 'restart');
    const cmd = sent.data?.list[0]?.id ?? 0;
    expect(sent.code).toBe(200);
    await until('restart succeeded', async () => (await api.command(cmd)).state === 'succeeded');
    await until('offline by last will', async () => (await api.events(id)).some((e) => e.code === 'offline'));
    expect(fleet.stats.drops).toBeGreaterThan(before);
    await until('back online', async () => (await api.device(id)).online === 1 && fleet.devices[0]?.connected);
  });

  it('an upgrade downloads, verifies the checksum, reports progress and comes back with the new firmware', async () => {
    const id = ids[1] ?? 0;
    const sent = await api.send([id], 'upgrade', { url: fwUrl, sha256, version: '9.9.9', size: firmware.length });
    const cmd = sent.data?.list[0]?.id ?? 0;
    await until('upgrade succeeded', async () => {
      const c = await api.command(cmd);
      return c.state === 'succeeded' && c.progress === 100 && c;
    });
    await until('new firmware reported', async () => (await api.device(id)).fw === '9.9.9');
  });

  it('an upgrade whose checksum does not match fails with code checksum and keeps the firmware', async () => {
    const id = ids[2] ?? 0;
    const sent = await api.send([id], 'upgrade', { url: fwUrl, sha256: 'ab'.repeat(32), version: '9.9.9', size: firmware.length });
    const cmd = sent.data?.list[0]?.id ?? 0;
    const failed = await until('upgrade failed', async () => {
      const c = await api.command(cmd);
      return c.state === 'failed' && c;
    });
    expect(failed.result).toMatchObject({ ok: false, code: 'checksum' });
    expect((await api.device(id)).fw).toBe('4.0.0');
  });

  it('a campaign upgrades the gateways one batch at a time over the server\'s signed links', async () => {
    const image = Buffer.alloc(150_000, 7);
    const form = new FormData();
    for (const [k, v] of Object.entries({ method: 'upload', version: '10.0.0', family: 'ig' })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(image)]), 'ig-10.0.0.bin');
    const token = await t.login();
    const up = await (await fetch(`${t.url}/v3/admin/upgrade/firmware`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })).json() as { code: number; data: { id: number } };
    expect(up.code).toBe(200);
    const made = await api.post<{ id: number; total: number }>('/admin/upgrade/campaign', { method: 'add', name: 'Gateways to 10', firmware_id: up.data.id, filter_family: 'ig', batch_size: 1 });
    expect(made.data).toMatchObject({ total: 2 });
    const id = made.data!.id;
    expect((await api.post('/admin/upgrade/campaign', { method: 'start', id })).code).toBe(200);
    const done = await until('campaign completed', async () => {
      const c = (await api.post<{ state: string; succeeded: number; failed: number }>('/admin/upgrade/campaign', { method: 'detail', id })).data;
      return c?.state === 'completed' && c;
    }, 60_000);
    expect(done).toMatchObject({ succeeded: 2, failed: 0 });
    for (const d of [ids[0] ?? 0, ids[1] ?? 0]) await until(`device ${d} reports 10.0.0`, async () => (await api.device(d)).fw === '10.0.0');
  });
});
