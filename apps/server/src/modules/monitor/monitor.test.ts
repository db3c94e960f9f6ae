import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, SCREEN_SUMMARY_PATH, type BigScreenSummary, type SdwanSummary } from '@gx/contract';
import { deviceEvents, deviceTelemetry, devices } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const HOUR = 3_600_000;

describe.each(engines)('big screen summaries (%s)', (engine) => {
  let t: TestApp;
  let orgA: number;
  let orgB: number;
  let viewer: MadeUser;
  let outsider: MadeUser;
  let tvOnly: MadeUser;
  let nobody: MadeUser;
  const ids: Record<string, number> = {};

  const device = async (orgId: number, serial: string, values: Partial<typeof devices.$inferInsert> = {}) => {
    const [row] = await t.database.db.insert(devices).values({ orgId, serial, family: 'ig', secretHash: 'x', ...values }).returning({ id: devices.id });
    ids[serial] = row!.id;
    return row!.id;
  };

  beforeAll(async () => {
    // A fixed clock in the middle of an hour: readings 36 s apart must share an hour even when the run crosses one.
    const midHour = new Date((Math.floor(Date.now() / HOUR) + 0.5) * HOUR);
    t = await startTestApp({ engine, services: { now: () => midHour } });
    orgA = await makeOrg(t, 'Screens A');
    orgB = await makeOrg(t, 'Screens B');
    viewer = await makeUser(t, orgA, ['monitor.bigdata.view', 'monitor.sdwan.view']);
    tvOnly = await makeUser(t, orgA, ['monitor.tv.view']);
    nobody = await makeUser(t, orgA, ['device.binding.list']);
    outsider = await makeUser(t, orgB, 'all');
    const now = t.services.now();
    // Org A: three gateways in an SD-WAN (site 1 hub to 2 and 3; 2 to 3), a switch, an unlocated AP, one disabled.
    await device(orgA, 'A-GW-1', {
      province: '广东', city: '深圳', online: 1,
      metrics: { wan_rx_bps: 1000, wan_tx_bps: 100, sdwan_site: 1, sdwan_p2_up: 1, sdwan_p2_latency_ms: 20, sdwan_p2_loss_pct: 0.1, sdwan_p3_up: 1, sdwan_p3_latency_ms: 180, sdwan_p3_loss_pct: 1, sdwan_p9_up: 1 },
    });
    await device(orgA, 'A-GW-2', { province: '广东', city: '广州', online: 1, metrics: { wan_rx_bps: 500, wan_tx_bps: 50, sdwan_site: 2, sdwan_p3_up: 0 } });
    await device(orgA, 'A-GW-3', { province: '上海', city: '上海', online: 0, metrics: { wan_rx_bps: 999999, sdwan_site: 3 } });
    await device(orgA, 'A-SW-1', { family: 'switch', province: '上海', online: 1, metrics: { rx_bps: 7000, tx_bps: 3000 } });
    await device(orgA, 'A-AP-1', { family: 'ap', online: 0, status: 0 });
    // Org B: a gateway that claims site 2 too, in another province: never seen by org A.
    await device(orgB, 'B-GW-1', { province: '北京', online: 1, metrics: { wan_rx_bps: 123, sdwan_site: 2, sdwan_p1_up: 1 } });
    const ev = (deviceId: number, orgId: number, level: string, code: string, agoH: number) =>
      ({ deviceId, orgId, level, code, msg: `${code} message`, createdAt: new Date(now.getTime() - agoH * HOUR) });
    await t.database.db.insert(deviceEvents).values([
      ev(ids['A-GW-1']!, orgA, 'error', 'wan_down', 1), ev(ids['A-GW-1']!, orgA, 'error', 'wan_down', 2), ev(ids['A-GW-2']!, orgA, 'warn', 'cpu_high', 3),
      ev(ids['A-GW-2']!, orgA, 'info', 'boot', 0.5), ev(ids['A-SW-1']!, orgA, 'error', 'fan', 30),
      ev(ids['B-GW-1']!, orgB, 'error', 'b_only', 1),
    ]);
    const tele = (deviceId: number, orgId: number, agoH: number) => ({ deviceId, orgId, ts: new Date(now.getTime() - agoH * HOUR), metrics: { cpu: 1 } });
    await t.database.db.insert(deviceTelemetry).values([
      tele(ids['A-GW-1']!, orgA, 0), tele(ids['A-GW-2']!, orgA, 0), tele(ids['A-GW-1']!, orgA, 0.01),
      tele(ids['A-GW-1']!, orgA, 5), tele(ids['A-GW-1']!, orgA, 30), tele(ids['B-GW-1']!, orgB, 0),
    ]);
  });
  afterAll(async () => t.close());

  const summary = <T>(method: string, token: string) => t.post<T>(SCREEN_SUMMARY_PATH, { method }, { token });

  it('counts the organisation\'s devices per province, family and state, with traffic of online devices only', async () => {
    const r = await summary<BigScreenSummary>('bigdata', viewer.token);
    expect(r.code, r.msg).toBe(200);
    const s = r.data!;
    expect(s.totals).toEqual({ total: 5, online: 3, offline: 2, disabled: 1, alarming: 1 });
    expect(s.provinces).toEqual([{ province: '上海', total: 2, online: 1 }, { province: '广东', total: 2, online: 2 }]);
    expect(s.unlocated).toBe(1);
    // Cities for the map's drill-down; the switch has a province but no city and is left out of them.
    expect(s.cities).toHaveLength(3);
    expect(s.cities).toEqual(expect.arrayContaining([
      { province: '广东', city: '深圳', total: 1, online: 1 }, { province: '广东', city: '广州', total: 1, online: 1 }, { province: '上海', city: '上海', total: 1, online: 0 },
    ]));
    expect(s.families).toEqual([{ family: 'ap', total: 1, online: 0 }, { family: 'ig', total: 3, online: 2 }, { family: 'switch', total: 1, online: 1 }]);
    expect(s.traffic).toEqual([{ family: 'ig', rx_bps: 1500, tx_bps: 150 }, { family: 'switch', rx_bps: 7000, tx_bps: 3000 }]);
  });

  it('answers a 24-hour trend, the day\'s top warnings and errors, and the latest events of its own organisation', async () => {
    const s = (await summary<BigScreenSummary>('bigdata', viewer.token)).data!;
    expect(s.trend).toHaveLength(24);
    expect(s.trend.at(-1)!.online).toBe(2);
    expect(s.trend.reduce((a, p) => a + p.online, 0)).toBe(3);
    expect(s.top_events).toEqual([{ code: 'wan_down', level: 'error', count: 2 }, { code: 'cpu_high', level: 'warn', count: 1 }]);
    expect(s.events.map((e) => e.code)).toEqual(['boot', 'wan_down', 'wan_down', 'cpu_high', 'fan']);
    expect(s.events[1]).toMatchObject({ serial: 'A-GW-1', province: '广东', level: 'error' });
  });

  it('draws SD-WAN sites and the links their gateways report, with link state from loss, latency and presence', async () => {
    const r = await summary<SdwanSummary>('sdwan', viewer.token);
    expect(r.code, r.msg).toBe(200);
    expect(r.data!.sites.map((s) => [s.site, s.serial, s.online])).toEqual([[1, 'A-GW-1', true], [2, 'A-GW-2', true], [3, 'A-GW-3', false]]);
    expect(r.data!.links).toEqual([
      { from: ids['A-GW-1'], to: ids['A-GW-2'], state: 'up', latency_ms: 20, loss_pct: 0.1 },
      { from: ids['A-GW-1'], to: ids['A-GW-3'], state: 'degraded', latency_ms: 180, loss_pct: 1 },
      { from: ids['A-GW-2'], to: ids['A-GW-3'], state: 'down', latency_ms: 0, loss_pct: 0 },
    ]);
  });

  it('keeps organisations apart', async () => {
    const b = (await summary<BigScreenSummary>('bigdata', outsider.token)).data!;
    expect(b.totals.total).toBe(1);
    expect(b.provinces).toEqual([{ province: '北京', total: 1, online: 1 }]);
    expect(b.cities).toEqual([]);
    expect(b.events.map((e) => e.code)).toEqual(['b_only']);
    const sd = (await summary<SdwanSummary>('sdwan', outsider.token)).data!;
    expect(sd.sites.map((s) => s.serial)).toEqual(['B-GW-1']);
    expect(sd.links).toEqual([]);
  });

  it('grants each screen with its own view button, and refuses strangers and unknown methods', async () => {
    expect((await summary('tv', tvOnly.token)).code).toBe(200);
    expect((await summary('bigdata', tvOnly.token)).code).toBe(Code.FORBIDDEN);
    expect((await summary('sdwan', nobody.token)).code).toBe(Code.FORBIDDEN);
    expect((await summary('bigdata', '')).code).toBe(Code.NOT_LOGGED_IN);
    expect((await summary('nonsense', viewer.token)).code).toBe(Code.UNKNOWN_METHOD);
    expect((await t.post(SCREEN_SUMMARY_PATH, { method: 'bigdata', extra: 1 }, { token: viewer.token })).code).toBe(Code.VALIDATION);
  });

  it('takes a device\'s province from the device form and refuses one that is not a province, naming it', async () => {
    const add = (extra: Record<string, unknown>) => t.post<{ id: number }>('/admin/device/binding', { method: 'add', family: 'ig', ...extra }, { token: outsider.token });
    const bad = await add({ serial: 'B-GW-BAD', province: 'Atlantis' });
    expect(bad).toMatchObject({ code: Code.VALIDATION, field: 'province' });
    const long = await add({ serial: 'B-GW-LONG', province: '浙江', city: 'x'.repeat(33) });
    expect(long).toMatchObject({ code: Code.VALIDATION, field: 'city' });
    const ok = await add({ serial: 'B-GW-2', province: '浙江', city: '杭州' });
    expect(ok.code, ok.msg).toBe(200);
    const b = (await summary<BigScreenSummary>('bigdata', outsider.token)).data!;
    expect(b.provinces).toContainEqual({ province: '浙江', total: 1, online: 0 });
  });
});
