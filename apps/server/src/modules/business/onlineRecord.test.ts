import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, ONLINE_HEARTBEATS, type DailySeries } from '@gx/contract';
import { devices, portalGuestSessions } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { DeviceWriter } from '../equipment/writer';
import { sweepSilent } from '../equipment/presence';
import { deviceApi, playDevice, until, type PlayedDevice } from '../equipment/testing';

const PATH = '/admin/bigdata/online_record';
const GUESTS = '/admin/bigdata/guest_online_record';

interface Row { id: number; device_id: number; serial: string; device_name: string; place: string; online_at: string; offline_at: string | null; duration_minutes: number; reason: string }

/**
 * Online records: the device channel opens a period when it hears a device come online and closes it when the
 * device goes offline, in the statement or transaction of the presence change; the page lists them per
 * organisation and charts devices online and online minutes per day, periods clipped to each day.
 */
describe.each(engines)('online records (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;
  let orgA: number;
  let api: ReturnType<typeof deviceApi>;
  let clock = new Date('2026-06-08T23:00:00Z');
  const open: PlayedDevice[] = [];
  const uid = () => `OR${randomBytes(4).toString('hex').toUpperCase()}`;
  const ids = { night: 0, mqtt: 0, reopen: 0 };
  const serials = { night: uid(), mqtt: uid(), reopen: uid() };

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { MQTT_PORT: 'auto' }, services: { now: () => clock } });
    orgA = await makeOrg(t, 'Online A');
    const orgB = await makeOrg(t, 'Online B');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, orgB, 'all');
    api = deviceApi(t, staff.token);
    ids.night = (await api.add(serials.night, { name: 'Night gateway', province: '浙江', city: '杭州' })).id;
    ids.reopen = (await api.add(serials.reopen)).id;
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((d) => d.end()));
    await t?.close();
  });

  const call = <T = unknown>(body: Record<string, unknown>, who = staff) => t.post<T>(PATH, body, { token: who.token });
  const list = async (filter: Record<string, unknown> = {}, who = staff) => {
    const r = await call<{ list: Row[]; total: number }>({ method: 'list', size: 50, ...filter }, who);
    expect(r.code, r.msg).toBe(200);
    return r.data!;
  };
  const stats = async (from: string, to: string, tz?: string, who = staff) => {
    const r = await call<DailySeries>({ method: 'statistics', from, to, ...(tz ? { tz } : {}) }, who);
    expect(r.code, r.msg).toBe(200);
    return Object.fromEntries(r.data!.series.map((s) => [s.key, s.values]));
  };
  /** Heard by the channel's batched writer, as a heartbeat or hello is. */
  const heard = async (id: number, at: Date) => {
    const writer = new DeviceWriter(t.database.db, () => undefined);
    writer.touch(id, at);
    await writer.flush();
  };

  it('opens a period when a device is heard and closes it at the silence sweep, across midnight', async () => {
    await heard(ids.night, clock);
    const opened = await list({ device_id: ids.night });
    expect(opened.total).toBe(1);
    expect(opened.list[0]).toMatchObject({ serial: serials.night, device_name: 'Night gateway', place: '浙江 杭州', online_at: '2026-06-08T23:00:00.000Z', offline_at: null, reason: '', duration_minutes: 0 });
    // Silent past 3 × 60 s: whoever sweeps first (the channel every second, or this test) closes it at the clock.
    clock = new Date('2026-06-09T01:30:00Z');
    await sweepSilent(t.database.db, t.app.deviceChannel.bus, clock, ONLINE_HEARTBEATS);
    const closed = (await list({ device_id: ids.night })).list;
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ offline_at: '2026-06-09T01:30:00.000Z', reason: 'timeout', duration_minutes: 150 });
  });

  it('opens and closes periods of a device speaking MQTT (hello, then its last will)', async () => {
    clock = new Date('2026-06-10T10:00:00Z');
    const made = await api.add(serials.mqtt);
    ids.mqtt = made.id;
    const d = await playDevice(t.app.deviceChannel.transport.address()!, serials.mqtt, made.secret);
    open.push(d);
    await d.hello();
    const row = await until('period opened', async () => (await list({ device_id: ids.mqtt })).list[0]);
    expect(row).toMatchObject({ serial: serials.mqtt, online_at: '2026-06-10T10:00:00.000Z', offline_at: null });
    // Two minutes on (still within 3 × heartbeat), the connection drops.
    clock = new Date('2026-06-10T10:02:00Z');
    d.drop();
    const ended = await until('period closed', async () => (await list({ device_id: ids.mqtt })).list.find((r) => r.offline_at));
    expect(ended).toMatchObject({ offline_at: '2026-06-10T10:02:00.000Z', reason: 'lwt', duration_minutes: 2 });
    expect((await list({ device_id: ids.mqtt })).total).toBe(1);
  });

  it('closes a period left open when the device comes online again, and lists the open one with no offline time', async () => {
    clock = new Date('2026-06-10T12:00:00Z');
    await heard(ids.reopen, clock);
    // Offline with no offline recorded (as after a crash between the two): coming back closes the old period first.
    await t.database.db.update(devices).set({ online: 0 }).where(eq(devices.id, ids.reopen));
    clock = new Date('2026-06-10T12:01:00Z');
    await heard(ids.reopen, clock);
    const rows = (await list({ device_id: ids.reopen })).list;
    expect(rows.map((r) => [r.online_at, r.offline_at, r.reason])).toEqual([
      ['2026-06-10T12:01:00.000Z', null, ''],
      ['2026-06-10T12:00:00.000Z', '2026-06-10T12:01:00.000Z', 'reopened'],
    ]);
    clock = new Date('2026-06-10T12:02:00Z');
    expect((await list({ device_id: ids.reopen })).list[0]).toMatchObject({ offline_at: null, duration_minutes: 1 });
    // Heard again while online: no new period; nor when heard at the very instant it came online (two messages of
    // one millisecond written by two flushes: as hello and the connection of a device on a frozen clock).
    await heard(ids.reopen, clock);
    await heard(ids.reopen, new Date('2026-06-10T12:01:00Z'));
    expect((await list({ device_id: ids.reopen })).total).toBe(2);
  });

  it('filters by serial prefix, end reason and online time, and exports', async () => {
    expect((await list()).total).toBe(4);
    expect((await list({ serial: serials.night.slice(0, 8).toLowerCase() })).list.map((r) => r.device_id)).toEqual([ids.night]);
    expect((await list({ reason: 'lwt' })).list.map((r) => r.device_id)).toEqual([ids.mqtt]);
    expect((await list({ online_at_from: '2026-06-10T00:00:00Z', online_at_to: '2026-06-10T11:00:00Z' })).list.map((r) => r.device_id)).toEqual([ids.mqtt]);
    const csv = await call<{ content: string; rows: number }>({ method: 'export', format: 'csv' });
    expect(csv.code, csv.msg).toBe(200);
    expect(csv.data?.rows).toBe(4);
    // Read-only: only the device channel writes periods.
    expect((await call({ method: 'add', serial: 'X' })).code).not.toBe(200);
  });

  it('charts devices online and minutes online per day, a period across midnight split between its days', async () => {
    expect(await stats('2026-06-08', '2026-06-09')).toEqual({ devices: [1, 1], minutes: [60, 90] });
    // In Shanghai (UTC+8) the whole night period falls on 9 June.
    expect(await stats('2026-06-08', '2026-06-09', 'Asia/Shanghai')).toEqual({ devices: [0, 1], minutes: [0, 150] });
    // 10 June: 2 min over MQTT, the reopened 1 min, and the open period up to now (12:02): 1 min.
    expect(await stats('2026-06-10', '2026-06-11')).toEqual({ devices: [2, 0], minutes: [4, 0] });
    expect(await call({ method: 'statistics', from: '2026-06-11', to: '2026-06-10' })).toMatchObject({ code: Code.VALIDATION, field: 'to' });
    expect(await call({ method: 'statistics', from: '2026-06-10' })).toMatchObject({ code: Code.VALIDATION, field: 'to' });
    const stranger = await makeUser(t, orgA, ['business.notepad.list']);
    expect((await call({ method: 'statistics', from: '2026-06-10', to: '2026-06-10' }, stranger)).code).toBe(Code.FORBIDDEN);
    const reader = await makeUser(t, orgA, ['business.online_record.list']);
    expect((await call({ method: 'statistics', from: '2026-06-10', to: '2026-06-10' }, reader)).code).toBe(200);
  });

  it('lists guests\' portal sessions as their online periods: open while running, ended, kicked or past expiry', async () => {
    // The clock stands at 2026-06-10T12:02Z.
    const session = (orgId: number, identity: string, startedAt: string, expiresAt: string, extra: Partial<typeof portalGuestSessions.$inferInsert> = {}) => ({
      orgId, kind: 'sms', identity, mac: '', place: 'Lobby', upKbps: 0, downKbps: 0, startedAt: new Date(startedAt), expiresAt: new Date(expiresAt), deviceId: ids.night, ...extra,
    });
    await t.database.db.insert(portalGuestSessions).values([
      session(orgA, '13800000001', '2026-06-10T11:00:00Z', '2026-06-10T15:00:00Z', { mac: 'AA:BB:CC:DD:EE:01' }),
      session(orgA, '13800000002', '2026-06-10T09:00:00Z', '2026-06-10T13:00:00Z', { state: 'kicked', endedAt: new Date('2026-06-10T09:45:00Z') }),
      // Still `active` in its row, but past its expiry (the sweep has not run): over at its expiry.
      session(orgA, 'oWECHAT', '2026-06-10T08:00:00Z', '2026-06-10T10:00:00Z', { kind: 'wechat' }),
      session(orgA, '', '2026-06-09T08:00:00Z', '2026-06-09T10:00:00Z', { kind: 'one_click', state: 'expired', endedAt: new Date('2026-06-09T10:00:00Z') }),
    ]);
    const guests = await t.post<{ list: (Row & { identity: string; kind: string; state: string })[]; total: number }>(GUESTS, { method: 'list', size: 50 }, { token: staff.token });
    expect(guests.code, guests.msg).toBe(200);
    expect(guests.data!.list.map((x) => [x.identity, x.online_at, x.offline_at, x.duration_minutes, x.place, x.device_id])).toEqual([
      ['13800000001', '2026-06-10T11:00:00.000Z', null, 62, 'Lobby', ids.night],
      ['13800000002', '2026-06-10T09:00:00.000Z', '2026-06-10T09:45:00.000Z', 45, 'Lobby', ids.night],
      ['oWECHAT', '2026-06-10T08:00:00.000Z', '2026-06-10T10:00:00.000Z', 120, 'Lobby', ids.night],
      ['', '2026-06-09T08:00:00.000Z', '2026-06-09T10:00:00.000Z', 120, 'Lobby', ids.night],
    ]);
    const only = async (filter: Record<string, unknown>) =>
      (await t.post<{ list: { identity: string }[] }>(GUESTS, { method: 'list', size: 50, ...filter }, { token: staff.token })).data!.list.map((x) => x.identity);
    expect(await only({ kind: 'wechat' })).toEqual(['oWECHAT']);
    expect(await only({ mac: 'AA:BB:CC:DD:EE:01' })).toEqual(['13800000001']);
    expect(await only({ online_at_from: '2026-06-10T00:00:00Z', online_at_to: '2026-06-10T09:30:00Z' })).toEqual(['13800000002', 'oWECHAT']);
    expect(await t.post(GUESTS, { method: 'list', kind: 'pigeon' }, { token: staff.token })).toMatchObject({ code: Code.VALIDATION, field: 'kind' });
    // Another organisation sees none of them, nor one by its id.
    const foreign = await t.post<{ total: number }>(GUESTS, { method: 'list', size: 50 }, { token: other.token });
    expect(foreign.data?.total).toBe(0);
    const [first] = await t.database.db.select({ id: portalGuestSessions.id }).from(portalGuestSessions).where(eq(portalGuestSessions.orgId, orgA)).limit(1);
    expect((await t.post(GUESTS, { method: 'detail', id: first!.id }, { token: other.token })).code).toBe(Code.NOT_FOUND);
  });

  it('shows another organisation none of the records', async () => {
    expect((await list({}, other)).total).toBe(0);
    const mine = (await list()).list[0]!;
    expect((await call({ method: 'detail', id: mine.id }, other)).code).toBe(Code.NOT_FOUND);
    expect((await call({ method: 'detail', id: mine.id })).code).toBe(200);
    expect(await stats('2026-06-08', '2026-06-10', undefined, other)).toEqual({ devices: [0, 0, 0], minutes: [0, 0, 0] });
  });
});
