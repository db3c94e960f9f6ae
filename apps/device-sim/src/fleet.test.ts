// The simulator's protocol behaviour (DESIGN §6) against a real MQTT broker (plain aedes) and a real HTTP server.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceIdentity } from './csv';
import { Fleet } from './fleet';
import type { SimOptions } from './options';
import { startBroker, type TestBroker } from './testing/broker';

const devices: DeviceIdentity[] = [
  { serial: 'SIM-IG-1', secret: 's3cret-ig', family: 'ig', model: 'GX-IG-5100' },
  { serial: 'SIM-OLT-1', secret: 's3cret-olt', family: 'olt', model: 'GX-OLT-16' },
  { serial: 'SIM-SCR-1', secret: 's3cret-scr', family: 'screen', model: 'GX-CS-55' },
];
const ig = devices[0] as DeviceIdentity;
const firmware = Buffer.alloc(300_000, 7);
const firmwareSha = createHash('sha256').update(firmware).digest('hex');

let broker: TestBroker;
let http: Server;
let httpUrl: string;
let fleet: Fleet | undefined;

beforeAll(async () => {
  broker = await startBroker(new Map([...devices.map((d) => [d.serial, d.secret] as const), ['observer', 'observer-pw']]));
  http = createServer((req, res) => {
    if (req.url === '/fw.bin') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': firmware.length });
      res.end(firmware);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await broker.close();
  await new Promise<void>((r) => http.close(() => r()));
});

afterEach(async () => {
  await fleet?.stop();
  fleet = undefined;
});

function play(ids: DeviceIdentity[], options: Partial<SimOptions> = {}): Fleet {
  fleet = new Fleet(ids, { url: broker.url, heartbeatS: 1, telemetryS: 1, restartDelayMs: 200, reconnectJitterMs: 100, ...options });
  fleet.start();
  return fleet;
}

const t = (serial: string, leaf: string) => `dev/${serial}/${leaf}`;
let nextId = 0;
/** A command as the server sends it. */
const command = (id: number, name: string, params: object) => ({ id, name, params, expires_at: new Date(Date.now() + 60_000).toISOString() });
const cmdId = () => ++nextId;

/** Plays the ig device, waits until it said hello, and answers the position of that hello in `seen`. */
async function online(options: Partial<SimOptions> = {}): Promise<number> {
  const from = broker.mark();
  play([ig], options);
  await broker.waitFor(t(ig.serial, 'up/hello'), () => true, from);
  return broker.mark();
}

describe('connecting', () => {
  it('keeps its retained state online, says hello with its family and facts, then beats and sends telemetry', async () => {
    const from = broker.mark();
    play(devices);
    for (const d of devices) {
      const hello = await broker.waitFor(t(d.serial, 'up/hello'), () => true, from);
      expect(hello).toMatchObject({ type: d.family, model: d.model, heartbeat_s: 1 });
      expect(hello.mac).toMatch(/^02(:[0-9a-f]{2}){5}$/);
      expect(await broker.retained(t(d.serial, 'state'))).toEqual({ online: true });
    }
    const hb = await broker.waitFor(t(ig.serial, 'up/hb'), () => true, from);
    expect(hb).toEqual(expect.objectContaining({ uptime: expect.any(Number), cpu: expect.any(Number), mem: expect.any(Number), clients: expect.any(Number) }));
    const olt = await broker.waitFor(t('SIM-OLT-1', 'up/telemetry'), () => true, from);
    const metrics = olt.metrics as Record<string, unknown>;
    expect(metrics).toEqual(expect.objectContaining({ rx_power_dbm: expect.any(Number), tx_power_dbm: expect.any(Number), pon_ports: expect.any(Number) }));
    for (const v of Object.values(metrics)) expect(Number.isFinite(v)).toBe(true);
  });

  it('is refused with a wrong secret and counts the refusal instead of coming online', async () => {
    const f = play([{ ...ig, secret: 'wrong' }]);
    await new Promise<void>((resolve) => f.once('refused', () => resolve()));
    expect(f.stats.refused).toBe(1);
    expect(f.stats.connected).toBe(0);
  });

  it('dropped abruptly, leaves its last will for the broker to publish, and comes back with a new hello', async () => {
    const from = await online();
    const f = fleet as Fleet;
    f.drop(f.devices[0] as Fleet['devices'][number], 50);
    await broker.waitFor(t(ig.serial, 'state'), (b) => b.online === false, from);
    await broker.waitFor(t(ig.serial, 'up/hello'), () => true, from);
    await broker.waitFor(t(ig.serial, 'state'), (b) => b.online === true, from);
    expect(await broker.retained(t(ig.serial, 'state'))).toEqual({ online: true });
  });

  it('in a reconnect storm every dropped device returns', async () => {
    const from = broker.mark();
    const f = play(devices);
    await Promise.all(devices.map((d) => broker.waitFor(t(d.serial, 'up/hello'), () => true, from)));
    const stormAt = broker.mark();
    expect(f.reconnectStorm(1)).toBe(devices.length);
    await Promise.all(devices.map((d) => broker.waitFor(t(d.serial, 'up/hello'), () => true, stormAt)));
    expect(f.stats.drops).toBe(devices.length);
  });
});

describe('commands', () => {
  it('restart: acks, answers ok, really drops (the will fires) and reconnects with a fresh uptime', async () => {
    const from = await online();
    const id = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(id, 'restart', {}));
    await broker.waitFor(t(ig.serial, 'up/ack'), (b) => b.id === id, from);
    await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === id && b.ok === true, from);
    await broker.waitFor(t(ig.serial, 'state'), (b) => b.online === false, from);
    await broker.waitFor(t(ig.serial, 'up/hello'), () => true, from);
  });

  it('a redelivered command id is acknowledged and answered again but runs once', async () => {
    const from = await online();
    const id = cmdId();
    const cmd = command(id, 'restart', {});
    await broker.send(t(ig.serial, 'down/cmd'), cmd);
    await broker.waitFor(t(ig.serial, 'up/hello'), () => true, from);
    const again = broker.mark();
    await broker.send(t(ig.serial, 'down/cmd'), cmd);
    await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === id, again);
    // A second restart would bring a second last will; the only one seen is the first restart's.
    const probe = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(probe, 'diagnose', { kind: 'ping', host: '10.0.0.1' }));
    await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === probe, again);
    expect(broker.seen.slice(from).filter((s) => s.topic === t(ig.serial, 'state') && (s.body as { online?: boolean }).online === false)).toHaveLength(1);
    expect(broker.seen.slice(from).filter((s) => s.topic === t(ig.serial, 'up/ack') && (s.body as { id?: number }).id === id)).toHaveLength(2);
  });

  it('upgrade: downloads, reports progress, verifies SHA-256, answers ok and says hello with the new firmware', async () => {
    const from = await online();
    const id = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(id, 'upgrade', { url: `${httpUrl}/fw.bin`, sha256: firmwareSha, version: '9.9.9', size: firmware.length }));
    const done = await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === id && b.progress === 100, from);
    expect(done).toMatchObject({ ok: true, data: { version: '9.9.9' } });
    const progress = broker.seen.slice(from).filter((s) => s.topic === t(ig.serial, 'up/result') && (s.body as { id?: number }).id === id).map((s) => (s.body as { progress?: number }).progress);
    expect(progress[0]).toBe(0);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.slice(0, -1).every((p) => p !== undefined && p < 100)).toBe(true);
    await broker.waitFor(t(ig.serial, 'up/hello'), (b) => b.fw === '9.9.9', from);
  });

  it('upgrade in download-only mode verifies the package but keeps running its firmware', async () => {
    const from = await online();
    const id = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(id, 'upgrade', { url: `${httpUrl}/fw.bin`, sha256: firmwareSha, version: '7.7.7', size: firmware.length, mode: 'download_only' }));
    const done = await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === id && b.progress === 100, from);
    expect(done).toMatchObject({ ok: true, data: { version: '7.7.7', flashed: false, bytes: firmware.length } });
    // Restarted by hand afterwards, it still says hello with the firmware it had.
    const restart = cmdId();
    const mark = broker.seen.length;
    await broker.send(t(ig.serial, 'down/cmd'), command(restart, 'restart', {}));
    const hello = await broker.waitFor(t(ig.serial, 'up/hello'), () => true, mark);
    expect(hello.fw).not.toBe('7.7.7');
  });

  it('upgrade with a wrong checksum fails with code checksum and keeps its firmware', async () => {
    const from = await online();
    const id = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(id, 'upgrade', { url: `${httpUrl}/fw.bin`, sha256: 'ab'.repeat(32), version: '9.9.9', size: firmware.length }));
    const done = await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === id && b.ok === false, from);
    expect(done).toMatchObject({ ok: false, code: 'checksum' });
    expect((fleet as Fleet).devices[0]?.fw).not.toBe('9.9.9');
  });

  it('config_push applies a config whose checksum matches, refuses one that does not, and factory_reset clears it', async () => {
    const from = await online();
    const body = { wifi: { ssid: 'guest' } };
    const checksum = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const id = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(id, 'config_push', {}));
    await broker.send(t(ig.serial, 'down/config'), { version: 3, checksum, body });
    expect(await broker.waitFor(t(ig.serial, 'up/config'), () => true, from)).toEqual({ version: 3, checksum, ok: true });
    expect(await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === id, from)).toMatchObject({ ok: true, data: { version: 3 } });
    expect((fleet as Fleet).devices[0]?.config?.version).toBe(3);

    const bad = cmdId();
    await broker.send(t(ig.serial, 'down/config'), { version: 4, checksum: '00'.repeat(32), body });
    await broker.send(t(ig.serial, 'down/cmd'), command(bad, 'config_push', {}));
    expect(await broker.waitFor(t(ig.serial, 'up/config'), (b) => b.version === 4, from)).toMatchObject({ ok: false, msg: 'checksum mismatch' });
    expect(await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === bad, from)).toMatchObject({ ok: false, code: 'config_rejected' });
    expect((fleet as Fleet).devices[0]?.config?.version).toBe(3);

    await broker.send(t(ig.serial, 'down/config'), { version: 2, checksum, body });
    expect(await broker.waitFor(t(ig.serial, 'up/config'), (b) => b.version === 2, from)).toMatchObject({ ok: false, msg: 'version 2 is not newer than 3' });
    const redelivered = broker.mark();
    await broker.send(t(ig.serial, 'down/config'), { version: 3, checksum, body });
    expect(await broker.waitFor(t(ig.serial, 'up/config'), () => true, redelivered)).toEqual({ version: 3, checksum, ok: true });

    // Restarted, it says which configuration it runs in its hello (docs/device-protocol.md §6), so a stale one
    // would be pushed again.
    const restart = cmdId();
    const beforeRestart = broker.mark();
    await broker.send(t(ig.serial, 'down/cmd'), command(restart, 'restart', {}));
    expect(await broker.waitFor(t(ig.serial, 'up/hello'), () => true, beforeRestart)).toMatchObject({ config_version: 3, config_checksum: checksum });

    const reset = cmdId();
    const beforeReset = broker.mark();
    await broker.send(t(ig.serial, 'down/cmd'), command(reset, 'factory_reset', {}));
    await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === reset && b.ok === true, from);
    expect((fleet as Fleet).devices[0]?.config).toBeNull();
    // With no configuration its hello carries neither field.
    expect(await broker.waitFor(t(ig.serial, 'up/hello'), () => true, beforeReset)).not.toHaveProperty('config_version');
  });

  it('diagnose answers ping and traceroute figures', async () => {
    const from = await online();
    const p = cmdId();
    const tr = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(p, 'diagnose', { kind: 'ping', host: '8.8.8.8', count: 5 }));
    await broker.send(t(ig.serial, 'down/cmd'), command(tr, 'diagnose', { kind: 'traceroute', host: '8.8.8.8' }));
    const ping = await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === p, from);
    expect(ping).toMatchObject({ ok: true, data: { sent: 5, received: expect.any(Number), loss: expect.any(Number), rtt_ms: { min: expect.any(Number), avg: expect.any(Number), max: expect.any(Number) } } });
    const trace = await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === tr, from);
    const hops = (trace.data as { hops: { hop: number; host: string; rtt_ms: number }[] }).hops;
    expect(hops.length).toBeGreaterThanOrEqual(3);
    expect(hops.at(-1)?.host).toBe('8.8.8.8');
  });

  it('portal_allow and portal_kick on a gateway; play only on a screen, which reports what it plays', async () => {
    const from = broker.mark();
    play(devices);
    await Promise.all(devices.map((d) => broker.waitFor(t(d.serial, 'up/hello'), () => true, from)));
    const allow = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(allow, 'portal_allow', { mac: 'AA:BB:CC:DD:EE:01', minutes: 30, up_kbps: 512, down_kbps: 2048 }));
    await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === allow && b.ok === true, from);
    // The guest's traffic goes up on up/portal with the telemetry, growing while the guest is let through.
    const counted = (b: Record<string, unknown>) => (b.clients as { mac: string; incoming: number; outgoing: number }[]).find((c) => c.mac === 'AA:BB:CC:DD:EE:01');
    const first = await broker.waitFor(t(ig.serial, 'up/portal'), (b) => Boolean(counted(b)), from);
    const later = broker.mark();
    await broker.waitFor(t(ig.serial, 'up/portal'), (b) => (counted(b)?.incoming ?? 0) > (counted(first)?.incoming ?? 0), later);
    const kick = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(kick, 'portal_kick', { mac: 'aa:bb:cc:dd:ee:01' }));
    await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === kick && b.ok === true, from);

    const wrong = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(wrong, 'play', { programme_id: 1, items: [{ url: 'http://cdn.example/a.mp4', seconds: 10 }] }));
    expect(await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === wrong, from)).toMatchObject({ ok: false, code: 'unsupported' });

    const playId = cmdId();
    const afterPlay = broker.mark();
    await broker.send(t('SIM-SCR-1', 'down/cmd'), command(playId, 'play', { programme_id: 7, items: [{ url: 'http://cdn.example/a.mp4', seconds: 10 }, { url: 'http://cdn.example/b.png', seconds: 5 }] }));
    await broker.waitFor(t('SIM-SCR-1', 'up/result'), (b) => b.id === playId && b.ok === true, from);
    await broker.waitFor(t('SIM-SCR-1', 'up/event'), (b) => b.code === 'play', from);
    await broker.waitFor(t('SIM-SCR-1', 'up/telemetry'), (b) => (b.metrics as { programme_id?: number }).programme_id === 7 && (b.metrics as { playlist_items?: number }).playlist_items === 2, afterPlay);
  });

  it('bad input: malformed JSON and invalid params are answered, never crash the device', async () => {
    const from = await online();
    await broker.send(t(ig.serial, 'down/cmd'), 'not json {');
    await broker.waitFor(t(ig.serial, 'up/event'), (b) => b.code === 'bad_payload', from);
    await broker.send(t(ig.serial, 'down/cmd'), { name: 'restart' });
    await broker.waitFor(t(ig.serial, 'up/event'), (b) => b.code === 'bad_command', from);
    const id = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(id, 'diagnose', { kind: 'dig', host: 'x' }));
    expect(await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === id, from)).toMatchObject({ ok: false, code: 'bad_params', msg: expect.stringMatching(/^kind:/) });
    const unknown = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(unknown, 'self_destruct', {}));
    expect(await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === unknown, from)).toMatchObject({ ok: false, code: 'unsupported' });
  });

  it('with --failure-rate 1 every command fails, after its ack', async () => {
    const from = await online({ failureRate: 1 });
    const id = cmdId();
    await broker.send(t(ig.serial, 'down/cmd'), command(id, 'restart', {}));
    await broker.waitFor(t(ig.serial, 'up/ack'), (b) => b.id === id, from);
    expect(await broker.waitFor(t(ig.serial, 'up/result'), (b) => b.id === id, from)).toMatchObject({ ok: false, code: 'simulated_failure' });
  });
});
