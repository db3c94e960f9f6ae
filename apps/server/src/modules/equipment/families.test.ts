import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code, FAMILY_PAGES, chartMetrics, familyTelemetrySchema, type FamilyTelemetry, type FamilyView, type TelemetrySeries,
} from '@gx/contract';
import { deviceTelemetry } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { deviceApi, playDevice, until, type PlayedDevice } from './testing';

interface FamilyRow { id: number; serial: string; model: string; fw: string; mac: string; online: number; uptime: number | null; onus_online: number | null; pon_ports_up: number | null; rx_power_dbm: number | null }
interface Page<T> { list: T[]; total: number }

/** An OLT's telemetry as the simulator sends it: the family's metrics plus per-port and per-ONU power. */
const OLT_METRICS = {
  pon_ports: 16, pon_ports_up: 2, onus_online: 3, rx_power_dbm: -19.5, tx_power_dbm: 4.2, temperature_c: 45,
  pon1_rx_dbm: -18.4, pon1_tx_dbm: 3.1, pon1_onus: 2, pon2_rx_dbm: -29.1, pon2_tx_dbm: 2.9, pon2_onus: 1,
  pon1_onu1_rx_dbm: -21.2, pon1_onu2_rx_dbm: -6.5, pon2_onu1_rx_dbm: -28.3,
};

type Sampled = 'ac' | 'fttn' | 'nmc' | 'uc' | 'vcgw';

/**
 * One device of each of these pages plays its family's complete telemetry (what the simulator sends) and is expected
 * back as its page's figures, its typed family view (no catalogue model: capabilities are null) and its series.
 */
const SAMPLES: { [K in Sampled]: { metrics: FamilyTelemetry<(typeof FAMILY_PAGES)[K]['family']>; view: Extract<FamilyView, { page: K }> } } = {
  ac: {
    metrics: { managed_aps: 64, online_aps: 61, clients: 420, portal_clients: 12, cpu: 23.5 },
    view: { page: 'ac', aps: { managed: 64, online: 61, max: null }, clients: 420, portal_clients: 12, cpu_pct: 23.5, lan_ports: null },
  },
  fttn: {
    metrics: { rx_power_dbm: -28.4, tx_power_dbm: 3.2, ports: 8, ports_up: 5, rx_bps: 120_000_000, tx_bps: 40_000_000 },
    view: {
      page: 'fttn', optical: { rx_dbm: -28.4, tx_dbm: 3.2, level: 'low' }, ports: { up: 5, total: 8, uplinks: null },
      traffic: { rx_bps: 120_000_000, tx_bps: 40_000_000 },
    },
  },
  nmc: {
    metrics: { managed_devices: 180, alarms_active: 3, cpu: 17.5, mem: 62 },
    view: { page: 'nmc', managed_devices: 180, alarms_active: 3, cpu_pct: 17.5, mem_pct: 62, card_slots: null, uplink_ports: null },
  },
  uc: {
    metrics: { users_online: 35, sip_registrations: 40, meetings_active: 2, calls_active: 7 },
    view: { page: 'uc', users_online: 35, sip_registrations: 40, sip_lines: null, meetings_active: 2, calls_active: 7, card_slots: null },
  },
  vcgw: {
    metrics: { sip_trunks: 4, sip_trunks_up: 3, sip_registrations: 90, calls_active: 22, mos: 4.12 },
    view: { page: 'vcgw', trunks: { up: 3, total: 4 }, sip_registrations: 90, sip_lines: null, calls_active: 22, mos: 4.12 },
  },
};
const SAMPLED = Object.keys(SAMPLES) as Sampled[];

/**
 * The family device pages (`/admin/device/<segment>`, FAMILY_PAGES): one registry, each page scoped to the caller's
 * organisation and one family; key figures, the typed family view and the telemetry series come from what a device
 * played over MQTT reported.
 */
describe.each(engines)('family device pages (%s)', (engine) => {
  let t: TestApp;
  let url: string;
  let orgA: number;
  let a: MadeUser;
  let b: MadeUser;
  let api: ReturnType<typeof deviceApi>;
  let olt: { id: number; secret: string; serial: string };
  let gateway: { id: number; serial: string };
  let foreign: { id: number };
  let played: PlayedDevice | null = null;
  const sampled = new Map<Sampled, { id: number; serial: string; played: PlayedDevice }>();
  const uid = (p: string) => `${p}-${randomBytes(4).toString('hex').toUpperCase()}`;
  const post = <T>(path: string, body: Record<string, unknown>, token = a.token) => t.post<T>(path, body, { token });

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { MQTT_PORT: 'auto' } });
    url = t.app.deviceChannel.transport.address()!;
    orgA = await makeOrg(t, 'Families A');
    a = await makeUser(t, orgA, 'all');
    b = await makeUser(t, await makeOrg(t, 'Families B'), 'all');
    api = deviceApi(t, a.token);
    const serial = uid('OLT');
    olt = { ...(await api.add(serial, { family: 'olt', model: 'GX-OLT-16' })), serial };
    gateway = { ...(await api.add(uid('IG'), { family: 'ig' })), serial: '' };
    foreign = await deviceApi(t, b.token).add(uid('OLTB'), { family: 'olt' });
    played = await playDevice(url, serial, olt.secret);
    await played.publish('hello', { type: 'olt', model: 'GX-OLT-16', fw: '5.0.4', hw: 'v1', mac: 'AA:BB:CC:00:11:22', ip: '192.0.2.7', heartbeat_s: 60 });
    await played.publish('hb', { uptime: 3600, cpu: 12, mem: 40 }, 0);
    await played.publish('telemetry', { metrics: OLT_METRICS }, 0);
    await until('telemetry stored', async () => (await api.device(olt.id)).metrics.pon1_onu2_rx_dbm === -6.5 && (await api.device(olt.id)).snapshot.uptime === 3600);
    for (const key of SAMPLED) {
      const { family } = FAMILY_PAGES[key];
      const s = uid(family.toUpperCase());
      const added = await api.add(s, { family });
      const d = await playDevice(url, s, added.secret);
      sampled.set(key, { id: added.id, serial: s, played: d });
      await d.publish('hello', { type: family, model: `GX-${family.toUpperCase()}`, fw: '2.1.0', hw: 'v1', mac: '02:00:00:00:0B:01', ip: '192.0.2.8', heartbeat_s: 60 });
      await d.publish('telemetry', { metrics: SAMPLES[key].metrics }, 0);
    }
    for (const [key, d] of sampled) {
      const [name, value] = Object.entries(SAMPLES[key].metrics).at(-1)!;
      await until(`${key} telemetry stored`, async () => (await api.device(d.id)).metrics[name] === value);
    }
  });
  afterAll(async () => {
    for (const d of sampled.values()) await d.played.end();
    await played?.end();
    await t?.close();
  });

  it('types what the simulator sends: the OLT sample passes its family schema, an unknown metric is named', () => {
    expect(familyTelemetrySchema('olt', true).safeParse(OLT_METRICS).success).toBe(true);
    for (const key of SAMPLED) expect(familyTelemetrySchema(FAMILY_PAGES[key].family, true).safeParse(SAMPLES[key].metrics).success, key).toBe(true);
    const bad = familyTelemetrySchema('ap').safeParse({ clients_2g: 1, pon1_rx_dbm: -20 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['pon1_rx_dbm'] });
  });

  it('lists only the family\'s devices of the caller\'s organisation, with its key figures and live state', async () => {
    const r = await post<Page<FamilyRow>>('/admin/device/olt', { method: 'list' });
    expect(r.code).toBe(200);
    expect(r.data!.list.map((d) => d.id)).toEqual([olt.id]);
    expect(r.data!.list[0]).toMatchObject({
      serial: olt.serial, model: 'GX-OLT-16', fw: '5.0.4', mac: 'AA:BB:CC:00:11:22', online: 1, uptime: 3600, onus_online: 3, pon_ports_up: 2, rx_power_dbm: -19.5,
    });
    // The gateway is on the gateway page only; the other organisation's OLT on theirs only.
    expect((await post<Page<FamilyRow>>('/admin/device/ig', { method: 'list' })).data!.list.map((d) => d.id)).toEqual([gateway.id]);
    expect((await post<Page<FamilyRow>>('/admin/device/olt', { method: 'list' }, b.token)).data!.list.map((d) => d.id)).toEqual([foreign.id]);
    for (const p of Object.values(FAMILY_PAGES)) {
      expect((await post<Page<FamilyRow>>(`/admin/device/${p.segment}`, { method: 'list' })).code, p.segment).toBe(200);
    }
  });

  it.each(SAMPLED)('lists only the %s family\'s devices on its page, with the figures it reported', async (key) => {
    const { segment, figures } = FAMILY_PAGES[key];
    const d = sampled.get(key)!;
    const r = await post<Page<Record<string, unknown>>>(`/admin/device/${segment}`, { method: 'list' });
    expect(r.code).toBe(200);
    expect(r.data!.list.map((row) => row.id)).toEqual([d.id]);
    const metrics = SAMPLES[key].metrics as Record<string, number>;
    expect(figures.length).toBeGreaterThanOrEqual(2);
    expect(r.data!.list[0]).toMatchObject({ serial: d.serial, online: 1, ...Object.fromEntries(figures.map((f: string) => [f, metrics[f]])) });
    // Nor is it on another family's page, nor on this page of another organisation.
    expect((await post<Page<FamilyRow>>('/admin/device/olt', { method: 'list' })).data!.list.map((row) => row.id)).not.toContain(d.id);
    expect((await post<Page<FamilyRow>>(`/admin/device/${segment}`, { method: 'list' }, b.token)).data!.list).toEqual([]);
    expect((await post(`/admin/device/${segment}`, { method: 'detail', id: olt.id })).code).toBe(Code.NOT_FOUND);
  });

  it.each(SAMPLED)('answers the %s family view typed, computed from the metrics it reported', async (key) => {
    const r = await post<{ family_view: FamilyView }>(`/admin/device/${FAMILY_PAGES[key].segment}`, { method: 'detail', id: sampled.get(key)!.id });
    expect(r.code).toBe(200);
    expect(r.data!.family_view).toEqual(SAMPLES[key].view);
  });

  it.each(SAMPLED)('answers the %s telemetry series with its chart metrics only', async (key) => {
    const { segment } = FAMILY_PAGES[key];
    const d = sampled.get(key)!;
    const hour = await post<TelemetrySeries>(`/admin/device/${segment}`, { method: 'telemetry', id: d.id, range: 'hour' });
    expect(hour.code).toBe(200);
    expect(hour.data!.metrics).toEqual(chartMetrics(key));
    const metrics = SAMPLES[key].metrics as Record<string, number>;
    expect(hour.data!.points.at(-1)!.values).toEqual(Object.fromEntries(chartMetrics(key).map((m) => [m, metrics[m]])));
    expect((await post(`/admin/device/${segment}`, { method: 'telemetry', id: olt.id })).code).toBe(Code.NOT_FOUND);
    const listOnly = await makeUser(t, orgA, [`device.${segment}.list`]);
    expect((await post(`/admin/device/${segment}`, { method: 'telemetry', id: d.id }, listOnly.token)).code).toBe(Code.FORBIDDEN);
  });

  it('filters by model, online, firmware, serial and MAC prefix', async () => {
    const ids = async (filter: Record<string, unknown>) => (await post<Page<FamilyRow>>('/admin/device/olt', { method: 'list', ...filter })).data!.list.map((d) => d.id);
    expect(await ids({ model: 'GX-OLT-16' })).toEqual([olt.id]);
    expect(await ids({ model: 'GX-OLT-8' })).toEqual([]);
    expect(await ids({ online: 1 })).toEqual([olt.id]);
    expect(await ids({ online: 0 })).toEqual([]);
    expect(await ids({ fw: '5.0.4' })).toEqual([olt.id]);
    expect(await ids({ serial: olt.serial.slice(0, 6).toLowerCase() })).toEqual([olt.id]);
    expect(await ids({ mac: 'aa:bb:cc' })).toEqual([olt.id]);
    expect(await ids({ mac: 'AA:BB:CD' })).toEqual([]);
    const bad = await post('/admin/device/olt', { method: 'list', online: 'yes' });
    expect([bad.code, bad.field]).toEqual([Code.VALIDATION, 'online']);
    const unknown = await post('/admin/device/olt', { method: 'list', family: 'ap' });
    expect([unknown.code, unknown.field]).toEqual([Code.VALIDATION, 'family']);
  });

  it('answers the OLT\'s family view typed: PON ports with power and ONUs flagged against the thresholds', async () => {
    const r = await post<{ family_view: FamilyView }>('/admin/device/olt', { method: 'detail', id: olt.id });
    const v = r.data!.family_view;
    if (v.page !== 'olt') throw new Error(`expected the OLT view, got ${v.page}`);
    expect(v.pon_ports).toHaveLength(16);
    expect(v.pon_ports[0]).toEqual({ port: 1, up: true, rx_dbm: -18.4, tx_dbm: 3.1, onus: 2, level: 'ok' });
    expect(v.pon_ports[1]!.level).toBe('low');
    expect(v.pon_ports[2]).toMatchObject({ port: 3, up: false, rx_dbm: null });
    expect(v.onus).toEqual([
      { port: 1, onu: 1, rx_dbm: -21.2, level: 'ok' },
      { port: 1, onu: 2, rx_dbm: -6.5, level: 'high' },
      { port: 2, onu: 1, rx_dbm: -28.3, level: 'low' },
    ]);
    // Another family's device is not found on the OLT page, nor another organisation's.
    expect((await post('/admin/device/olt', { method: 'detail', id: gateway.id })).code).toBe(Code.NOT_FOUND);
    expect((await post('/admin/device/olt', { method: 'detail', id: foreign.id })).code).toBe(Code.NOT_FOUND);
  });

  it('answers the telemetry series averaged per bucket for the last hour, day or week', async () => {
    const hour = await post<TelemetrySeries>('/admin/device/olt', { method: 'telemetry', id: olt.id, range: 'hour' });
    expect(hour.code).toBe(200);
    expect(hour.data!.bucket_s).toBe(30);
    expect(hour.data!.metrics).toEqual(expect.arrayContaining(['rx_power_dbm', 'tx_power_dbm', 'onus_online', 'temperature_c']));
    expect(hour.data!.points.length).toBeGreaterThanOrEqual(1);
    expect(hour.data!.points.at(-1)!.values).toMatchObject({ rx_power_dbm: -19.5, onus_online: 3 });
    expect(hour.data!.points.at(-1)!.values).not.toHaveProperty('pon1_rx_dbm');
  });

  it('keeps older points out of the last hour and in the week, averaged per hour', async () => {
    const hourAgo = (h: number) => new Date(Math.floor(Date.now() / 3600_000) * 3600_000 - h * 3600_000 + 60_000);
    await t.database.db.insert(deviceTelemetry).values([
      { deviceId: olt.id, orgId: orgA, ts: hourAgo(30), metrics: { onus_online: 10 } },
      { deviceId: olt.id, orgId: orgA, ts: new Date(hourAgo(30).getTime() + 60_000), metrics: { onus_online: 20 } },
    ]);
    const hour = await post<TelemetrySeries>('/admin/device/olt', { method: 'telemetry', id: olt.id, range: 'hour' });
    expect(hour.data!.points.some((p) => p.values.onus_online === 15)).toBe(false);
    const week = await post<TelemetrySeries>('/admin/device/olt', { method: 'telemetry', id: olt.id, range: 'week' });
    expect(week.data!.bucket_s).toBe(3600);
    expect(week.data!.points.find((p) => p.ts === new Date(hourAgo(30).getTime() - 60_000).toISOString())!.values.onus_online).toBe(15);
  });

  it('refuses bad telemetry input naming the field, another family\'s or organisation\'s device, and callers without the key', async () => {
    const range = await post('/admin/device/olt', { method: 'telemetry', id: olt.id, range: 'year' });
    expect([range.code, range.field]).toEqual([Code.VALIDATION, 'range']);
    const id = await post('/admin/device/olt', { method: 'telemetry', id: 'x' });
    expect([id.code, id.field]).toEqual([Code.VALIDATION, 'id']);
    const extra = await post('/admin/device/olt', { method: 'telemetry', id: olt.id, since: 'now' });
    expect([extra.code, extra.field]).toEqual([Code.VALIDATION, 'since']);
    expect((await post('/admin/device/olt', { method: 'telemetry', id: gateway.id })).code).toBe(Code.NOT_FOUND);
    expect((await post('/admin/device/olt', { method: 'telemetry', id: olt.id }, b.token)).code).toBe(Code.NOT_FOUND);
    const listOnly = await makeUser(t, orgA, ['device.olt.list']);
    expect((await post('/admin/device/olt', { method: 'list' }, listOnly.token)).code).toBe(200);
    expect((await post('/admin/device/olt', { method: 'telemetry', id: olt.id }, listOnly.token)).code).toBe(Code.FORBIDDEN);
    expect((await post('/admin/device/ig', { method: 'list' }, listOnly.token)).code).toBe(Code.FORBIDDEN);
    expect((await post('/admin/device/olt', { method: 'restart', id: olt.id }, listOnly.token)).code).toBe(Code.FORBIDDEN);
  });

  it('restarts a device through a persisted command the device receives, one at a time or in bulk', async () => {
    const one = await post<{ command_id: number }>('/admin/device/olt', { method: 'restart', id: olt.id });
    expect(one.code).toBe(200);
    await until('restart delivered', () => played!.commands.find((c) => c.name === 'restart'));
    const bulk = await post<{ done: number[]; refused: unknown[] }>('/admin/device/olt', { method: 'factory_reset', ids: [olt.id] });
    expect(bulk.code).toBe(200);
    expect(bulk.data!.done).toEqual([olt.id]);
    await until('factory reset delivered', () => played!.commands.find((c) => c.name === 'factory_reset'));
    const commands = await post<Page<{ name: string; device_id: number }>>('/admin/device/command', { method: 'list', device_id: olt.id });
    expect(commands.data!.list.map((c) => c.name).sort()).toEqual(['factory_reset', 'restart']);
    // Not another family's device, nor another organisation's.
    expect((await post('/admin/device/olt', { method: 'restart', id: gateway.id })).code).toBe(Code.NOT_FOUND);
    expect((await post('/admin/device/olt', { method: 'restart', id: foreign.id })).code).toBe(Code.NOT_FOUND);
  });

});
