// The simulator's plugin commands (docs/device-protocol.md §5) against a real MQTT broker (plain aedes) and a real
// HTTP server: plugin_install downloads and verifies like an upgrade, plugin_remove takes it away.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceIdentity } from './csv';
import { Fleet } from './fleet';
import { startBroker, type TestBroker } from './testing/broker';

const ap: DeviceIdentity = { serial: 'SIM-AP-PLUGINS', secret: 's3cret-ap', family: 'ap', model: 'GX-AP-620' };
const plugin = Buffer.alloc(120_000, 3);
const pluginSha = createHash('sha256').update(plugin).digest('hex');

let broker: TestBroker;
let http: Server;
let httpUrl: string;
let fleet: Fleet;

beforeAll(async () => {
  broker = await startBroker(new Map([[ap.serial, ap.secret], ['observer', 'observer-pw']]));
  http = createServer((req, res) => {
    if (req.url === '/plugin.bin') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': plugin.length });
      res.end(plugin);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const from = broker.mark();
  fleet = new Fleet([ap], { url: broker.url, heartbeatS: 1, telemetryS: 1, restartDelayMs: 200, reconnectJitterMs: 100 });
  fleet.start();
  await broker.waitFor(`dev/${ap.serial}/up/hello`, () => true, from);
});

afterAll(async () => {
  await fleet?.stop();
  await broker.close();
  await new Promise<void>((r) => http.close(() => r()));
});

const t = (leaf: string) => `dev/${ap.serial}/${leaf}`;
const command = (id: number, name: string, params: object) => ({ id, name, params, expires_at: new Date(Date.now() + 60_000).toISOString() });
const install = (id: number, extra: object = {}) => command(id, 'plugin_install', {
  name: 'wifi-analyzer', version: '1.2.0', url: `${httpUrl}/plugin.bin`, sha256: pluginSha, size: plugin.length, ...extra,
});

describe('plugins', () => {
  it('plugin_install downloads, reports progress, verifies size and SHA-256 and answers with its plugins', async () => {
    const from = broker.mark();
    await broker.send(t('down/cmd'), install(501));
    await broker.waitFor(t('up/ack'), (b) => b.id === 501, from);
    const done = await broker.waitFor(t('up/result'), (b) => b.id === 501 && b.progress === 100, from);
    expect(done).toMatchObject({ ok: true, data: { plugins: [{ name: 'wifi-analyzer', version: '1.2.0' }] } });
    const progress = broker.seen.slice(from).filter((s) => s.topic === t('up/result') && (s.body as { id?: number }).id === 501).map((s) => (s.body as { progress?: number }).progress);
    expect(progress[0]).toBe(0);
    expect(progress.slice(0, -1).every((p) => p !== undefined && p < 100)).toBe(true);
    expect(fleet.devices[0]?.plugins.get('wifi-analyzer')).toBe('1.2.0');
  });

  it('plugin_install with a wrong checksum or an unreachable link fails and installs nothing', async () => {
    const from = broker.mark();
    await broker.send(t('down/cmd'), install(502, { name: 'speed-test', sha256: 'ab'.repeat(32) }));
    expect(await broker.waitFor(t('up/result'), (b) => b.id === 502 && b.ok === false, from)).toMatchObject({ code: 'checksum' });
    await broker.send(t('down/cmd'), install(503, { name: 'speed-test', url: `${httpUrl}/gone.bin` }));
    expect(await broker.waitFor(t('up/result'), (b) => b.id === 503 && b.ok === false, from)).toMatchObject({ code: 'download' });
    expect(fleet.devices[0]?.plugins.has('speed-test')).toBe(false);
  });

  it('plugin_remove takes it away, and removing one that is not installed is ok too', async () => {
    const from = broker.mark();
    await broker.send(t('down/cmd'), command(504, 'plugin_remove', { name: 'wifi-analyzer' }));
    expect(await broker.waitFor(t('up/result'), (b) => b.id === 504, from)).toMatchObject({ ok: true, data: { plugins: [] } });
    expect(fleet.devices[0]?.plugins.size).toBe(0);
    await broker.send(t('down/cmd'), command(505, 'plugin_remove', { name: 'wifi-analyzer' }));
    expect(await broker.waitFor(t('up/result'), (b) => b.id === 505, from)).toMatchObject({ ok: true });
  });

  it('refuses a malformed plugin name as bad_params', async () => {
    const from = broker.mark();
    await broker.send(t('down/cmd'), command(506, 'plugin_remove', { name: 'Not A Name' }));
    expect(await broker.waitFor(t('up/result'), (b) => b.id === 506, from)).toMatchObject({ ok: false, code: 'bad_params' });
  });
});
