import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import mqtt from 'mqtt';
import { Code, MAX_PAYLOAD_BYTES } from '@gx/contract';
import { deviceCommands, deviceEvents, devices, deviceTelemetry, organizations } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser } from '../../resources/testing/fixtures';
import { readLiveStream } from '../../testing/liveStream';
import { deviceApi, playDevice, until, type PlayedDevice } from './testing';

/**
 * Device protocol v1 (DESIGN §6) spoken by plain mqtt.js clients to a real broker: the embedded aedes, or — when
 * TEST_MQTT_URL is set — an external Mosquitto with the server as one of its clients. Mosquitto lets devices in
 * anonymously, so identity and ACL refusals are tested on the embedded broker (and the EMQX hooks over HTTP).
 */
const external = process.env.TEST_MQTT_URL;
const modes = external ? (['embedded', 'external'] as const) : (['embedded'] as const);
const RATE = 40;

describe.each(engines.flatMap((engine) => modes.map((mode) => [engine, mode] as const)))('device protocol (%s, %s broker)', (engine, mode) => {
  let t: TestApp;
  let url: string;
  let api: ReturnType<typeof deviceApi>;
  let orgId: number;
  const open: PlayedDevice[] = [];
  const uid = () => `T${randomBytes(5).toString('hex').toUpperCase()}`;
  /** Embedded: the device's secret; external: anonymous (the broker is not ours to configure). */
  const play = async (serial: string, secret: string) => {
    const d = await playDevice(url, serial, mode === 'embedded' ? secret : undefined);
    open.push(d);
    return d;
  };

  /** A device added, connected and online by its hello. */
  const playOnline = async () => {
    const serial = uid();
    const { id, secret } = await api.add(serial);
    const d = await play(serial, secret);
    await d.hello();
    await until('online', async () => (await api.device(id)).online === 1);
    return { serial, id, secret, d };
  };

  beforeAll(async () => {
    t = await startTestApp({
      engine,
      env: mode === 'embedded'
        ? { MQTT_PORT: 'auto', DEVICE_RATE_LIMIT: String(RATE) }
        : { MQTT_URL: external!, MQTT_HOOK_SECRET: 'hook-secret-for-tests', DEVICE_RATE_LIMIT: String(RATE) },
    });
    url = mode === 'embedded' ? t.app.deviceChannel.transport.address()! : external!;
    orgId = await makeOrg(t, 'Fleet');
    api = deviceApi(t, (await makeUser(t, orgId, 'all')).token);
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((d) => d.end()));
    await t?.close();
  });

  it('answers the secret once and stores only its hash', async () => {
    const serial = uid();
    const made = await api.add(serial);
    expect(made.secret).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const detail = await api.post<Record<string, unknown>>('/admin/device/binding', { method: 'detail', id: made.id });
    expect(JSON.stringify(detail.data)).not.toContain(made.secret);
    expect(detail.data).not.toHaveProperty('secret');
  });

  it('goes online on hello, records reported facts, heartbeats and telemetry', async () => {
    const serial = uid();
    const { id, secret } = await api.add(serial);
    const d = await play(serial, secret);
    await d.hello();
    await until('online with reported facts', async () => {
      const row = await api.device(id);
      return row.online === 1 && row.fw === '1.0.0' && row;
    });
    await d.publish('hb', { uptime: 12, cpu: 3, mem: 40 }, 0);
    await d.publish('telemetry', { metrics: { wan_rx_bps: 1200, pon1_rx_dbm: -18.5 } }, 0);
    await until('snapshot and metrics', async () => {
      const row = await api.device(id);
      return row.snapshot.uptime === 12 && row.metrics.pon1_rx_dbm === -18.5;
    });
    await until('telemetry row', async () => (await t.database.db.select().from(deviceTelemetry).where(eq(deviceTelemetry.deviceId, id))).length === 1);
    await d.publish('event', { level: 'error', code: 'los', msg: 'loss of signal' });
    await until('device event', async () => (await api.events(id)).some((e) => e.code === 'los' && e.level === 'error'));
  });

  it('goes offline by last will, with the reason in the event log', async () => {
    const { id, d } = await playOnline();
    d.drop();
    await until('offline', async () => (await api.device(id)).online === 0);
    const events = await until('offline event', async () => (await api.events(id)).find((e) => e.code === 'offline'));
    expect(events.msg).toBe('lwt');
  });

  it('keeps the connection apart from activity: connected/disconnected with times, reason and events', async () => {
    const serial = uid();
    const { id, secret } = await api.add(serial);
    const d = await play(serial, secret);
    await d.hello();
    const on = await until('connected', async () => { const row = await api.device(id); return row.connected === 1 && row.online === 1 && row; });
    expect(on.connected_at).toBeTruthy();
    expect((await api.events(id)).filter((e) => e.code === 'connected')).toHaveLength(1);
    d.drop();
    const off = await until('disconnected', async () => { const row = await api.device(id); return row.connected === 0 && row.online === 0 && row; });
    expect(off.disconnect_reason).toBe('lwt');
    expect(off.disconnected_at).toBeTruthy();
    expect((await until('disconnected event', async () => (await api.events(id)).find((e) => e.code === 'disconnected'))).msg).toBe('lwt');
  });

  it('goes offline by silence (3 × heartbeat) while still connected, and back online when heard', async () => {
    const serial = uid();
    const { id, secret } = await api.add(serial);
    const d = await play(serial, secret);
    await d.hello(1);
    await until('online', async () => (await api.device(id)).online === 1);
    await until('offline by timeout', async () => (await api.device(id)).online === 0);
    expect((await api.events(id)).find((e) => e.code === 'offline')?.msg).toBe('timeout');
    // Silent, not gone: the session is still open.
    expect((await api.device(id)).connected).toBe(1);
    await d.publish('hb', { uptime: 99 }, 0);
    await until('online again', async () => (await api.device(id)).online === 1);
  });

  it('keeps a command for an offline device and delivers it on reconnect; ack and result finish it', async () => {
    const serial = uid();
    const { id, secret } = await api.add(serial);
    const sent = await api.send([id], 'restart');
    expect(sent.code).toBe(200);
    const cmdId = sent.data!.list[0]!.id;
    expect((await api.command(cmdId)).state).toBe('queued');
    const d = await play(serial, secret);
    await d.hello();
    const msg = await until('command delivered', () => d.commands.find((c) => c.id === cmdId));
    expect(msg).toMatchObject({ id: cmdId, name: 'restart', params: {} });
    await until('sent', async () => (await api.command(cmdId)).state === 'sent');
    await d.publish('ack', { id: cmdId });
    await until('delivered', async () => (await api.command(cmdId)).state === 'delivered');
    await d.publish('result', { id: cmdId, ok: true });
    await until('succeeded', async () => (await api.command(cmdId)).state === 'succeeded');
  });

  it('sends to an online device at once and shows a diagnosis result', async () => {
    const { id, d } = await playOnline();
    const sent = await api.send([id], 'diagnose', { kind: 'ping', host: '8.8.8.8', count: 4 });
    const cmdId = sent.data!.list[0]!.id;
    await until('command received', () => d.commands.find((c) => c.id === cmdId));
    await d.publish('ack', { id: cmdId });
    await d.publish('result', { id: cmdId, ok: true, data: { sent: 4, received: 4, loss: 0, rtt_ms: { min: 1, avg: 2, max: 3 } } });
    const done = await until('succeeded', async () => { const c = await api.command(cmdId); return c.state === 'succeeded' && c; });
    expect(done.result?.data).toEqual({ sent: 4, received: 4, loss: 0, rtt_ms: { min: 1, avg: 2, max: 3 } });
  });

  it('delivers a command whose device came online between reading its state and committing the command', async () => {
    const { id, d } = await playOnline();
    // The send read `online = 0` before the hello was written; the hello's own lookup ran before this commit.
    const [c] = await t.database.db.insert(deviceCommands)
      .values({ orgId, deviceId: id, name: 'restart', params: {}, expiresAt: new Date(Date.now() + 600_000) })
      .returning({ id: deviceCommands.id });
    await t.app.deviceChannel.dispatchToConnected([{ id, online: 0 }]);
    await until('command received', () => d.commands.find((m) => m.id === c!.id));
  });

  it('pushes a configuration with its version and checksum, and records the version the device applied', async () => {
    const serial = uid();
    const { id, secret } = await api.add(serial, { heartbeat_s: 90, name: 'Lobby gateway' });
    const d = await play(serial, secret);
    const cmdId = (await api.send([id], 'config_push')).data!.list[0]!.id;
    // The hello reports the interval the device runs with; the same as configured, or the body would depend on
    // whether the hello was written before the configuration was built.
    await d.hello(90);
    const config = await until('configuration received', () => d.configs[0]);
    expect(config.version).toBe(1);
    expect(config.body).toEqual({ heartbeat_s: 90, name: 'Lobby gateway' });
    expect(config.checksum).toBe(createHash('sha256').update(JSON.stringify(config.body)).digest('hex'));
    await until('command received', () => d.commands.find((c) => c.id === cmdId));
    await d.publish('ack', { id: cmdId });
    await d.publish('config', { version: config.version, checksum: config.checksum, ok: true });
    await d.publish('result', { id: cmdId, ok: true });
    await until('applied', async () => (await api.events(id)).some((e) => e.code === 'config_applied'));
    await until('succeeded', async () => (await api.command(cmdId)).state === 'succeeded');
  });

  it('expires a command not delivered before expires_at', async () => {
    const { id } = await api.add(uid());
    const cmdId = (await api.send([id], 'restart', {}, { ttl_s: 1 })).data!.list[0]!.id;
    await until('expired', async () => (await api.command(cmdId)).state === 'expired');
  });

  it('times out a command with no result by its deadline, even one still queued for an offline device', async () => {
    const { id } = await api.add(uid());
    const cmdId = (await api.send([id], 'restart', {}, { ttl_s: 3600, timeout_s: 1 })).data!.list[0]!.id;
    await until('timed out while queued', async () => (await api.command(cmdId)).state === 'timed_out');
    const bad = await api.send([id], 'restart', {}, { timeout_s: 0 });
    expect(bad.field).toBe('timeout_s');
  });

  it('finishes a command as failed on ok:false whatever its progress; progress is interim only with ok:true', async () => {
    const { id, d } = await playOnline();
    const cmdId = (await api.send([id], 'upgrade', { url: 'http://example.com/fw.bin', sha256: 'a'.repeat(64), version: '2.0.0', size: 1000 })).data!.list[0]!.id;
    await until('command received', () => d.commands.find((c) => c.id === cmdId));
    await d.publish('result', { id: cmdId, ok: true, progress: 40 });
    await until('progress 40, still delivered', async () => { const c = await api.command(cmdId); return c.state === 'delivered' && c.progress === 40; });
    await d.publish('result', { id: cmdId, ok: false, code: 'download', progress: 60 });
    const c = await until('failed', async () => { const x = await api.command(cmdId); return x.state === 'failed' && x; });
    expect(c.progress).toBe(60);
    expect(c.result).toMatchObject({ ok: false, code: 'download' });
  });

  it('redelivers an unacknowledged command with the same id, and duplicates change nothing', async () => {
    const serial = uid();
    const { id, secret } = await api.add(serial);
    const cmdId = (await api.send([id], 'factory_reset')).data!.list[0]!.id;
    const first = await play(serial, secret);
    await first.hello();
    await until('first delivery', () => first.commands.find((c) => c.id === cmdId));
    await first.end();
    const second = await play(serial, secret);
    await second.hello();
    await until('redelivery with the same id', () => second.commands.find((c) => c.id === cmdId));
    await second.publish('ack', { id: cmdId });
    await second.publish('ack', { id: cmdId });
    await second.publish('result', { id: cmdId, ok: true });
    await second.publish('result', { id: cmdId, ok: false, msg: 'late duplicate' });
    await until('succeeded', async () => (await api.command(cmdId)).state === 'succeeded');
    // A marker event after the duplicates: once it is logged, every duplicate has been handled.
    await second.publish('event', { level: 'info', code: 'marker', msg: '' });
    await until('marker', async () => (await api.events(id)).some((e) => e.code === 'marker'));
    const c = await api.command(cmdId);
    expect(c.state).toBe('succeeded');
    expect(c.result?.ok).toBe(true);
  });

  it('after a hello, publishes again only what was sent before it: a command sent since went out on this session', async () => {
    const { id, d } = await playOnline();
    const cmdId = (await api.send([id], 'factory_reset')).data!.list[0]!.id;
    await until('sent', async () => (await api.command(cmdId)).state === 'sent');
    const copies = () => d.commands.filter((c) => c.id === cmdId).length;
    expect(copies()).toBe(1);
    // The dispatch after a hello heard before the command was sent (its batched write was still under way): nothing.
    await t.app.deviceChannel.dispatch([id], new Map([[id, new Date(0)]]));
    // After a hello heard since (a new session): the command again. Publishes arrive in order, so once this copy is
    // here, a copy from the first dispatch would be too.
    await t.app.deviceChannel.dispatch([id], new Map([[id, new Date(Date.now() + 3_600_000)]]));
    await until('published again', () => copies() >= 2);
    expect(copies()).toBe(2);
  });

  it('drops malformed messages with an event, and never lets one device touch another\'s command', async () => {
    const a = await api.add(uid());
    const bSerial = uid();
    const b = await api.add(bSerial);
    const aSerial = (await api.device(a.id)).serial;
    const theirs = (await api.send([a.id], 'restart')).data!.list[0]!.id;
    const d = await play(bSerial, b.secret);
    await d.hello();
    await d.publish('hello', 'not json');
    await d.publish('hb', { uptime: 'soon' }, 0);
    await d.publish('event', { level: 'panic', code: 'x', msg: '' });
    await d.publish('telemetry', { metrics: { ok: 1, big: 'x'.repeat(MAX_PAYLOAD_BYTES) } }, 0);
    await d.publish('ack', { id: 999_999_999 });
    await d.publish('result', { id: theirs, ok: true });
    await d.publish('whatever', {});
    const events = await until('every refusal logged', async () => {
      const ev = await api.events(b.id);
      const codes = ev.map((e) => e.code);
      return ['malformed', 'oversize', 'unknown_command', 'foreign_command'].every((c) => codes.includes(c)) && ev.filter((e) => e.code === 'malformed').length >= 4 && ev;
    });
    expect(events.length).toBeGreaterThan(0);
    expect((await api.command(theirs)).state).toBe('queued');
    expect((await api.events(a.id)).length).toBe(0);
    expect((await api.device(a.id)).serial).toBe(aSerial);
    // The sender itself is still served: its valid hello brought it online.
    await until('sender online', async () => (await api.device(b.id)).online === 1);
  });

  it('sends one command per device to a filtered fleet', async () => {
    const fam = 'screen';
    const made = [await api.add(uid(), { family: fam }), await api.add(uid(), { family: fam })];
    const r = await api.send([], 'restart', {}, { ids: undefined, filter: { family: fam } });
    expect(r.code).toBe(200);
    expect(r.data!.list.map((c) => c.device_id).sort()).toEqual(made.map((m) => m.id).sort());
    const batch = await api.post<{ list: { id: number }[]; total: number }>('/admin/device/command', { method: 'list', batch: r.data!.batch });
    expect(batch.data!.total).toBe(2);
  });

  it('refuses parameters that do not fit the command, naming the field', async () => {
    const { id } = await api.add(uid());
    const r = await api.send([id], 'upgrade', { url: 'https://x.example/fw.bin', sha256: 'nope', version: '2', size: 10 });
    expect(r.code).toBe(Code.VALIDATION);
    expect(r.field).toBe('params.sha256');
  });

  /** Resolves when the broker closes the device's connection (the test clients never reconnect by themselves). */
  const closing = (d: PlayedDevice) => new Promise<void>((resolve) => d.client.once('close', () => resolve()));
  /** Embedded: the CONNACK code a new connection with these credentials gets (Mosquitto checks no credentials). */
  const connack = async (serial: string, password: string) => {
    const err = await mqtt.connectAsync(url, { clientId: serial, username: serial, password, reconnectPeriod: 0, connectTimeout: 5000 })
      .then((c) => { void c.endAsync(); return null; }, (e: Error & { code?: number }) => e);
    return err?.code;
  };

  it('disconnects a connected device at once when it is disabled or removed, logging `kicked`', async () => {
    const [a, b, bystander] = [uid(), uid(), uid()];
    const da = await api.add(a);
    const mb = await api.add(b);
    const dc = await api.add(bystander);
    const [pa, pb, pc] = [await play(a, da.secret), await play(b, mb.secret), await play(bystander, dc.secret)];
    await Promise.all([pa.hello(), pb.hello(), pc.hello()]);
    await until('online', async () => (await Promise.all([da.id, mb.id, dc.id].map((id) => api.device(id)))).every((r) => r.online === 1));
    const [closedA, closedB] = [closing(pa), closing(pb)];
    expect((await api.post('/admin/device/binding', { method: 'disable', id: da.id })).code).toBe(200);
    await closedA;
    const ev = await until('offline event', async () => (await api.events(da.id)).find((e) => e.code === 'offline'));
    expect(ev.msg).toBe('kicked');
    expect((await api.device(da.id)).online).toBe(0);
    expect((await api.post('/admin/device/binding', { method: 'remove', id: mb.id })).code).toBe(200);
    await closedB;
    if (mode === 'embedded') {
      expect(await connack(a, da.secret)).toBe(4);
      expect(await connack(b, mb.secret)).toBe(4);
    }
    // The other device of the organisation was left alone.
    expect(pc.client.connected).toBe(true);
    expect((await api.device(dc.id)).online).toBe(1);
  });

  it('disconnects every connected device of an organisation at once when platform staff disable it', async () => {
    const org = await makeOrg(t, 'Disabled by staff');
    const owner = deviceApi(t, (await makeUser(t, org, 'all')).token);
    const serials = [uid(), uid()];
    const made = await Promise.all(serials.map((s) => owner.add(s)));
    const played = await Promise.all(serials.map((s, i) => play(s, made[i]!.secret)));
    await Promise.all(played.map((d) => d.hello()));
    await until('online', async () => (await Promise.all(made.map((m) => owner.device(m.id)))).every((r) => r.online === 1));
    // A device of another organisation stays connected.
    const outsider = uid();
    const o = await api.add(outsider);
    const po = await play(outsider, o.secret);
    await po.hello();
    await until('outsider online', async () => (await api.device(o.id)).online === 1);
    const closed = played.map(closing);
    const staff = await t.login();
    expect((await t.post('/admin/system/organization', { method: 'disable', id: org }, { token: staff })).code).toBe(200);
    await Promise.all(closed);
    if (mode === 'embedded') expect(await connack(serials[0]!, made[0]!.secret)).toBe(4);
    expect(po.client.connected).toBe(true);
    // Its devices are recorded offline, kicked (read from the database: the organisation's users are signed out).
    await until('offline', async () => (await t.database.db.select({ online: devices.online }).from(devices).where(inArray(devices.orgId, [org]))).every((r) => r.online === 0));
    const offline = await t.database.db.select({ msg: deviceEvents.msg }).from(deviceEvents)
      .where(and(inArray(deviceEvents.deviceId, made.map((m) => m.id)), eq(deviceEvents.code, 'offline')));
    expect(offline.map((e) => e.msg)).toEqual(['kicked', 'kicked']);
  });

  describe.runIf(mode === 'embedded')('identity and ACL on the embedded broker', () => {
    const refused = async (serial: string, password: string, clientId = serial) => {
      const err = await mqtt.connectAsync(url, { clientId, username: serial, password, reconnectPeriod: 0, connectTimeout: 5000 })
        .then((c) => { void c.endAsync(); return null; }, (e: Error & { code?: number }) => e);
      return err?.code;
    };

    it('refuses CONNACK for an unknown serial, a wrong secret, a disabled device or organisation', async () => {
      expect(await refused(uid(), 'whatever')).toBe(4);
      const serial = uid();
      const { id, secret } = await api.add(serial);
      expect(await refused(serial, `${secret}x`)).toBe(4);
      await api.post('/admin/device/binding', { method: 'disable', id });
      expect(await refused(serial, secret)).toBe(4);
      await api.post('/admin/device/binding', { method: 'enable', id });
      expect(await refused(serial, secret)).toBeUndefined();
      const other = await makeOrg(t, 'Disabled');
      const owner = deviceApi(t, (await makeUser(t, other, 'all')).token);
      const s2 = uid();
      const made = await owner.add(s2);
      await t.database.db.update(organizations).set({ status: 0 }).where(eq(organizations.id, other));
      expect(await refused(s2, made.secret)).toBe(4);
    });

    it('disconnects a connected device whose organisation was disabled elsewhere, at its next message', async () => {
      const org = await makeOrg(t, 'Soon disabled');
      const owner = deviceApi(t, (await makeUser(t, org, 'all')).token);
      const serial = uid();
      const { id, secret } = await owner.add(serial);
      const d = await play(serial, secret);
      await d.hello();
      await until('online', async () => (await owner.device(id)).online === 1);
      const closed = new Promise<void>((resolve) => d.client.once('close', () => resolve()));
      await t.database.db.update(organizations).set({ status: 0 }).where(eq(organizations.id, org));
      t.app.deviceChannel.refTtlMs = 0;
      try {
        await d.publish('hb', { uptime: 1 }, 0);
        await closed;
      } finally {
        t.app.deviceChannel.refTtlMs = 60_000;
      }
      expect(await refused(serial, secret)).toBe(4);
    });

    it('refuses another device\'s topics and logs it', async () => {
      const serial = uid();
      const { id, secret } = await api.add(serial);
      const d = await play(serial, secret);
      const granted = await d.client.subscribeAsync('dev/SOMEONE-ELSE/down/#', { qos: 1 }).then(() => 'granted', (e: Error) => e.message);
      expect(granted).toMatch(/Subscribe error/);
      const closed = new Promise<void>((resolve) => d.client.once('close', () => resolve()));
      d.client.publish('dev/SOMEONE-ELSE/up/hb', '{}', { qos: 1 });
      await closed;
      const ev = await until('acl events', async () => { const e = await api.events(id); return e.filter((x) => x.code === 'acl_denied').length >= 2 && e; });
      expect(ev.some((e) => e.msg.startsWith('publish dev/SOMEONE-ELSE'))).toBe(true);
    });

    it('resetting the secret disconnects the session and only the new secret connects', async () => {
      const serial = uid();
      const { id, secret } = await api.add(serial);
      const d = await play(serial, secret);
      await d.hello();
      await until('online', async () => (await api.device(id)).online === 1);
      const closed = new Promise<void>((resolve) => d.client.once('close', () => resolve()));
      const r = await api.post<{ secret: string }>('/admin/device/binding', { method: 'reset_secret', id });
      expect(r.data!.secret).not.toBe(secret);
      await closed;
      // The kick's offline event is read before the probes below connect: the one with the new secret comes online
      // and, once it ends, offline again with a 'disconnect' of its own, which this search found first once (under load).
      const ev = await until('kicked', async () => (await api.events(id)).find((e) => e.code === 'offline'));
      expect(ev.msg).toBe('kicked');
      expect(await refused(serial, secret)).toBe(4);
      expect(await refused(serial, r.data!.secret)).toBeUndefined();
    });

    it('keeps a device online while a helper connection (`<serial>:sub`) comes and goes', async () => {
      const serial = uid();
      const { id, secret } = await api.add(serial);
      const listener = await playDevice(url, serial, secret, { clientId: `${serial}:sub` });
      open.push(listener);
      const speaker = await play(serial, secret);
      await speaker.hello();
      const cmdId = (await api.send([id], 'restart')).data!.list[0]!.id;
      await until('the listener hears the command', () => listener.commands.find((c) => c.id === cmdId));
      await speaker.end();
      await listener.publish('event', { level: 'info', code: 'marker', msg: '' });
      await until('marker', async () => (await api.events(id)).some((e) => e.code === 'marker'));
      // Online is written in batches: wait for it, then make sure it never went offline on the way.
      await until('online', async () => (await api.device(id)).online === 1);
      expect((await api.events(id)).some((e) => e.code === 'offline')).toBe(false);
      expect(await refused(serial, secret, `OTHER:${serial}`)).toBe(4);
    });

    it('marks a replaced session and keeps the device online', async () => {
      const serial = uid();
      const { id, secret } = await api.add(serial);
      const first = await play(serial, secret);
      await first.hello();
      await until('online', async () => (await api.device(id)).online === 1);
      const second = await play(serial, secret);
      await second.hello();
      await until('replaced event', async () => (await api.events(id)).some((e) => e.msg === 'replaced'));
      expect((await api.device(id)).online).toBe(1);
    });

    it('keeps dev/S/state retained: the broker holds each device\'s last word', async () => {
      const serial = uid();
      const { secret } = await api.add(serial);
      const d = await play(serial, secret);
      await until('the state retained', async () => (await t.app.deviceChannel.transport.retainedState(serial)) === '{"online":true}');
      await d.publish('hb', '{"uptime":1}', 0);
      d.drop();
      await until('the last will retained', async () => (await t.app.deviceChannel.transport.retainedState(serial)) === '{"online":false}');
    });

    it('serves MQTT over WebSocket at /mqtt on the HTTP port', async () => {
      const serial = uid();
      const { id, secret } = await api.add(serial);
      const d = await playDevice(`${t.url.replace('http', 'ws')}/mqtt`, serial, secret);
      open.push(d);
      await d.hello();
      await until('online over WebSocket', async () => (await api.device(id)).online === 1);
    });
  });

  it('throttles a flooding device, then disconnects it (the server counts on an external broker too)', async () => {
    const serial = uid();
    const { id, secret } = await api.add(serial);
    const d = await play(serial, secret);
    const closed = new Promise<void>((resolve) => d.client.once('close', () => resolve()));
    for (let i = 0; i < RATE * 3; i++) d.client.publish(`dev/${serial}/up/hb`, '{"uptime":1}', { qos: 0 });
    await closed;
    const ev = await until('throttled events', async () => { const e = await api.events(id); return e.some((x) => x.msg === 'disconnected') && e; });
    expect(ev.filter((e) => e.code === 'throttled').map((e) => e.msg)).toContain('dropping messages');
  });

  it('answers the EMQX auth and ACL hooks, guarded by the shared secret', async () => {
    const hook = async (path: string, body: unknown, secret = 'hook-secret-for-tests') => {
      const res = await fetch(`${t.url}/v3/device/mqtt/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hook-secret': secret }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { result: string } };
    };
    const serial = uid();
    const { secret } = await api.add(serial);
    if (mode === 'embedded') {
      // No MQTT_HOOK_SECRET configured: the hooks refuse everyone.
      expect((await hook('auth', { clientid: serial, username: serial, password: secret })).status).toBe(403);
      return;
    }
    expect((await hook('auth', { clientid: serial, username: serial, password: secret })).body.result).toBe('allow');
    expect((await hook('auth', { clientid: serial, username: serial, password: 'wrong' })).body.result).toBe('deny');
    expect((await hook('auth', { clientid: 'other', username: serial, password: secret })).body.result).toBe('deny');
    expect((await hook('auth', { clientid: `${serial}:sub`, username: serial, password: secret })).body.result).toBe('allow');
    expect((await hook('auth', { clientid: serial, username: serial, password: secret }, 'wrong-secret-xxxxxxxx')).status).toBe(403);
    expect((await hook('acl', { clientid: serial, username: serial, topic: `dev/${serial}/up/hb`, action: 'publish' })).body.result).toBe('allow');
    expect((await hook('acl', { clientid: serial, username: serial, topic: `dev/${serial}/down/#`, action: 'subscribe' })).body.result).toBe('allow');
    expect((await hook('acl', { clientid: serial, username: serial, topic: 'dev/OTHER/up/hb', action: 'publish' })).body.result).toBe('deny');
    expect((await hook('acl', { clientid: serial, username: serial, topic: 'dev/OTHER/down/#', action: 'subscribe' })).body.result).toBe('deny');
    // Disabled since it connected: refused from then on, its own topics included.
    const id = (await api.post<{ list: { id: number }[] }>('/admin/device/binding', { method: 'list', serial })).data!.list[0]!.id;
    expect((await api.post('/admin/device/binding', { method: 'disable', id })).code).toBe(200);
    await until('refused', async () => (await hook('acl', { clientid: serial, username: serial, topic: `dev/${serial}/up/hb`, action: 'publish' })).body.result === 'deny');
    expect((await hook('auth', { clientid: serial, username: serial, password: secret })).body.result).toBe('deny');
  });

  it('pushes device presence to the live stream of a user who may see it, not to another organisation', async () => {
    const serial = uid();
    const { id, secret } = await api.add(serial);
    const outsider = await makeUser(t, await makeOrg(t, 'Elsewhere'), 'all');
    const insider = await makeUser(t, orgId, ['device.binding.list']);
    const read = (token: string) => readLiveStream(t.url, token);
    const mine = await read(insider.token);
    const theirs = await read(outsider.token);
    await until('both streams open', () => mine.seen.join('').includes('"hello"') && theirs.seen.join('').includes('"hello"'));
    const d = await play(serial, secret);
    await d.hello();
    await until('online pushed', () => mine.seen.join('').includes(`"type":"device","org_id":${orgId},"id":${id},"serial":"${serial}","online":1`));
    // The outsider's stream got the same bus message and filtered it out: nothing about this device.
    await until('unread pushed to the outsider', () => theirs.seen.join('').includes('"unread"'));
    expect(theirs.seen.join('')).not.toContain(serial);
    mine.stop();
    theirs.stop();
    const anon = await fetch(`${t.url}/v3/stream`);
    expect(anon.status).toBe(401);
  });
});
