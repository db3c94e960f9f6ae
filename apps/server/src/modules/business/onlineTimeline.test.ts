import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, ONLINE_TIMELINE_MAX_DAYS, type OnlineTimeline } from '@gx/contract';
import { devices } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { deviceOnlinePeriods } from './onlineRecord';
import { coveredSeconds } from './onlineTimeline';

const PATH = '/admin/bigdata/online_record';
const NOW = new Date('2026-06-03T01:00:00Z');

/**
 * The online records page's per-device timeline: a device's periods between two instants, clipped to them, a
 * still-open one ending now, with the share of the range (up to now) it was online.
 */
describe.each(engines)('online timeline (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;
  let orgA: number;
  let orgB: number;
  let deviceA: number;
  let deviceA2: number;
  let deviceB: number;

  const device = async (orgId: number, serial: string) =>
    (await t.database.db.insert(devices).values({ orgId, serial, family: 'ap', secretHash: 'x' }).returning({ id: devices.id }))[0]!.id;
  const period = (orgId: number, deviceId: number, onlineAt: string, offlineAt: string | null, reason = offlineAt ? 'timeout' : '') =>
    ({ orgId, deviceId, serial: 'S', onlineAt: new Date(onlineAt), offlineAt: offlineAt ? new Date(offlineAt) : null, reason });

  beforeAll(async () => {
    t = await startTestApp({ engine, services: { now: () => NOW } });
    orgA = await makeOrg(t, 'Timeline A');
    orgB = await makeOrg(t, 'Timeline B');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, orgB, 'all');
    deviceA = await device(orgA, 'TL-A-1');
    deviceA2 = await device(orgA, 'TL-A-2');
    deviceB = await device(orgB, 'TL-B-1');
    await t.database.db.insert(deviceOnlinePeriods).values([
      period(orgA, deviceA, '2026-05-30T08:00:00Z', '2026-05-30T09:00:00Z'), // before every range asked
      period(orgA, deviceA, '2026-05-31T22:00:00Z', '2026-06-01T02:00:00Z', 'lwt'), // across the start of the range
      period(orgA, deviceA, '2026-06-01T06:00:00Z', '2026-06-01T06:30:00Z'),
      period(orgA, deviceA, '2026-06-02T23:00:00Z', null), // still online
      period(orgA, deviceA2, '2026-06-01T10:00:00Z', '2026-06-01T11:00:00Z'), // another device
      period(orgB, deviceB, '2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z'),
    ]);
  });
  afterAll(async () => t?.close());

  const timeline = (body: Record<string, unknown>, who = staff) => t.post<OnlineTimeline>(PATH, { method: 'timeline', ...body }, { token: who.token });
  const ok = async (body: Record<string, unknown>, who = staff) => {
    const r = await timeline(body, who);
    expect(r.code, r.msg).toBe(200);
    return r.data!;
  };
  const spans = (d: OnlineTimeline) => d.periods.map((p) => [p.start, p.end, p.seconds]);

  it('clips periods at both ends of the range and gives the online share', async () => {
    const d = await ok({ device_id: deviceA, from: '2026-06-01T00:00:00Z', to: '2026-06-03T00:00:00Z' });
    expect(spans(d)).toEqual([
      ['2026-06-01T00:00:00.000Z', '2026-06-01T02:00:00.000Z', 7200],
      ['2026-06-01T06:00:00.000Z', '2026-06-01T06:30:00.000Z', 1800],
      ['2026-06-02T23:00:00.000Z', '2026-06-03T00:00:00.000Z', 3600],
    ]);
    // The periods themselves are told whole, with why they ended.
    expect(d.periods[0]).toMatchObject({ online_at: '2026-05-31T22:00:00.000Z', offline_at: '2026-06-01T02:00:00.000Z', reason: 'lwt' });
    expect(d).toMatchObject({ until: '2026-06-03T00:00:00.000Z', online_seconds: 12_600, total_seconds: 172_800, percent: 7.3, more: false });
    // A closed period cut by the end of the range; instants with an offset read as the same moment in UTC.
    const cut = await ok({ device_id: deviceA, from: '2026-06-01T05:00:00+08:00', to: '2026-06-01T06:15:00Z' });
    expect(spans(cut)).toEqual([
      ['2026-05-31T22:00:00.000Z', '2026-06-01T02:00:00.000Z', 14_400],
      ['2026-06-01T06:00:00.000Z', '2026-06-01T06:15:00.000Z', 900],
    ]);
    expect(cut).toMatchObject({ from: '2026-05-31T21:00:00.000Z', online_seconds: 15_300, total_seconds: 33_300 });
  });

  it('ends a still-open period now, and measures a range reaching into the future up to now', async () => {
    const d = await ok({ device_id: deviceA, from: '2026-06-02T00:00:00Z', to: '2026-06-04T00:00:00Z' });
    expect(d.periods).toEqual([{
      online_at: '2026-06-02T23:00:00.000Z', offline_at: null, start: '2026-06-02T23:00:00.000Z', end: NOW.toISOString(), seconds: 7200, reason: '',
    }]);
    expect(d).toMatchObject({ to: '2026-06-04T00:00:00.000Z', until: NOW.toISOString(), online_seconds: 7200, total_seconds: 90_000, percent: 8 });
    // Wholly in the future: nothing measured.
    expect(await ok({ device_id: deviceA, from: '2026-06-05T00:00:00Z', to: '2026-06-06T00:00:00Z' })).toMatchObject({ periods: [], total_seconds: 0, percent: 0 });
    // A device never online in the range.
    expect(await ok({ device_id: deviceA2, from: '2026-06-02T00:00:00Z', to: '2026-06-03T00:00:00Z' })).toMatchObject({ periods: [], online_seconds: 0, percent: 0 });
  });

  it('refuses another organisation\'s device like a missing one, naming device_id, and shows nobody else\'s periods', async () => {
    const range = { from: '2026-06-01T00:00:00Z', to: '2026-06-02T00:00:00Z' };
    expect(await timeline({ device_id: deviceB, ...range })).toMatchObject({ code: Code.NOT_FOUND, field: 'device_id' });
    expect(await timeline({ device_id: deviceA, ...range }, other)).toMatchObject({ code: Code.NOT_FOUND, field: 'device_id' });
    expect(await timeline({ device_id: 999_999_999, ...range })).toMatchObject({ code: Code.NOT_FOUND, field: 'device_id' });
    expect((await ok({ device_id: deviceB, ...range }, other)).online_seconds).toBe(86_400);
  });

  it('keeps a device\'s history with the organisation after the device moved on', async () => {
    const moved = await device(orgA, 'TL-A-MOVED');
    await t.database.db.insert(deviceOnlinePeriods).values(period(orgA, moved, '2026-06-01T01:00:00Z', '2026-06-01T02:00:00Z'));
    await t.database.db.update(devices).set({ orgId: orgB }).where(eq(devices.id, moved));
    expect((await ok({ device_id: moved, from: '2026-06-01T00:00:00Z', to: '2026-06-02T00:00:00Z' })).online_seconds).toBe(3600);
    // The new organisation sees none of the old one's periods.
    expect((await ok({ device_id: moved, from: '2026-06-01T00:00:00Z', to: '2026-06-02T00:00:00Z' }, other)).periods).toEqual([]);
  });

  it('refuses a range too long or backwards naming to, a bad instant naming it, and callers without the list key', async () => {
    const from = '2026-05-01T00:00:00Z';
    const days = (n: number) => new Date(Date.parse(from) + n * 86_400_000).toISOString();
    expect((await timeline({ device_id: deviceA, from, to: days(ONLINE_TIMELINE_MAX_DAYS) })).code).toBe(200);
    expect(await timeline({ device_id: deviceA, from, to: days(ONLINE_TIMELINE_MAX_DAYS + 1) })).toMatchObject({ code: Code.VALIDATION, field: 'to' });
    expect(await timeline({ device_id: deviceA, from, to: from })).toMatchObject({ code: Code.VALIDATION, field: 'to' });
    expect(await timeline({ device_id: deviceA, from: '2026-06-01', to: days(1) })).toMatchObject({ code: Code.VALIDATION, field: 'from' });
    expect(await timeline({ device_id: deviceA, from, to: 'soon' })).toMatchObject({ code: Code.VALIDATION, field: 'to' });
    expect(await timeline({ device_id: 'abc', from, to: days(1) })).toMatchObject({ code: Code.VALIDATION, field: 'device_id' });
    expect(await timeline({ device_id: deviceA, from, to: days(1), tz: 'UTC' })).toMatchObject({ code: Code.VALIDATION, field: 'tz' });
    const stranger = await makeUser(t, orgA, ['business.notepad.list']);
    expect((await timeline({ device_id: deviceA, from, to: days(1) }, stranger)).code).toBe(Code.FORBIDDEN);
    const reader = await makeUser(t, orgA, ['business.online_record.list']);
    expect((await timeline({ device_id: deviceA, from, to: days(1) }, reader)).code).toBe(200);
  });
});

describe('coveredSeconds', () => {
  it('counts overlapping spans once', () => {
    expect(coveredSeconds([{ start: 0, end: 10_000 }, { start: 5000, end: 15_000 }, { start: 20_000, end: 21_000 }])).toBe(16);
    expect(coveredSeconds([{ start: 0, end: 10_000 }, { start: 2000, end: 3000 }])).toBe(10);
    expect(coveredSeconds([])).toBe(0);
  });
});
