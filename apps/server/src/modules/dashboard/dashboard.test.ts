import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, DASHBOARD_SUMMARY_PATH, type DashboardSummary } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { samplePresence } from './summary';

const HOUR = 3_600_000;
/** A fixed clock: the hourly series is checked against events placed in known hours. */
const NOW = new Date('2026-11-23T12:30:00.000Z');

describe.each(engines)('dashboard summary (%s)', (engine) => {
  let t: TestApp;
  let orgA: number;
  let orgB: number;
  let staff: MadeUser;
  let outsider: MadeUser;
  let admin: string;
  const summary = async (token: string, body: Record<string, unknown> = {}) => t.post<DashboardSummary>(DASHBOARD_SUMMARY_PATH, { method: 'summary', ...body }, { token });

  /** Devices of an organisation: `online` of them online, the rest offline. */
  const devices = async (orgId: number, family: string, total: number, online: number) => {
    const ids: number[] = [];
    for (let i = 0; i < total; i++) {
      const serial = `D${orgId}${family}${i}${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
      const [r] = (await t.database.db.execute(sql`insert into devices (org_id, serial, family, secret_hash, online)
        values (${orgId}, ${serial}, ${family}, 'x', ${i < online ? 1 : 0}) returning id`) as unknown as { rows: { id: number }[] }).rows;
      ids.push(r!.id);
    }
    return ids;
  };

  beforeAll(async () => {
    t = await startTestApp({ engine, services: { now: () => new Date(NOW) } });
    orgA = await makeOrg(t, 'Dashboard A');
    orgB = await makeOrg(t, 'Dashboard B');
    staff = await makeUser(t, orgA, 'all');
    outsider = await makeUser(t, orgB, 'all');
    admin = await t.login();
    const db = t.database.db;
    // Organisation A: 6 gateways (4 online), 3 OLTs (1 online), 2 APs (none online).
    const ig = await devices(orgA, 'ig', 6, 4);
    await devices(orgA, 'olt', 3, 1);
    await devices(orgA, 'ap', 2, 0);
    // Organisation B: its own fleet, never counted for A.
    const other = await devices(orgB, 'ig', 5, 5);
    // Commands: 2 queued, 1 sent, 1 delivered, 3 finished (not counted); B's queued not counted.
    const cmd = async (orgId: number, deviceId: number, state: string) => (await db.execute(sql`insert into device_commands (org_id, device_id, name, state, expires_at)
      values (${orgId}, ${deviceId}, 'restart', ${state}, now() + interval '1 hour') returning id`) as unknown as { rows: { id: number }[] }).rows[0]!.id;
    const queuedA: number[] = [];
    for (const s of ['queued', 'queued', 'sent', 'delivered', 'succeeded', 'failed', 'canceled']) {
      const id = await cmd(orgA, ig[0]!, s);
      if (s === 'queued') queuedA.push(id);
    }
    const queuedB = await cmd(orgB, other[0]!, 'queued');
    // A running campaign is one with a command in flight: without one, the rollout's sweep (every 5 s) would
    // rightly complete it while the tests run. Each running campaign takes one of the queued commands above.
    const inFlight = new Map<number, number[]>([[orgA, queuedA], [orgB, [queuedB]]]);
    const deviceOf = new Map<number, number>([[orgA, ig[0]!], [orgB, other[0]!]]);
    // Campaigns: 2 running, 1 paused, 1 completed, 1 draft; B has a running one.
    for (const [orgId, states] of [[orgA, ['running', 'running', 'paused', 'completed', 'draft']], [orgB, ['running']]] as const) {
      const [fw] = (await db.execute(sql`insert into firmware_packages (org_id, version, family, file_key, size, sha256)
        values (${orgId}, '9.9.9', 'ig', 'k', 1, 'x') returning id`) as unknown as { rows: { id: number }[] }).rows;
      for (const s of states) {
        const [c] = (await db.execute(sql`insert into upgrade_campaigns (org_id, name, firmware_id, state) values (${orgId}, ${`C ${s}`}, ${fw!.id}, ${s}) returning id`) as unknown as { rows: { id: number }[] }).rows;
        if (s === 'running') {
          await db.execute(sql`update upgrade_campaigns set current_batch = 1 where id = ${c!.id}`);
          await db.execute(sql`insert into upgrade_targets (campaign_id, device_id, batch, command_id) values (${c!.id}, ${deviceOf.get(orgId)!}, 1, ${inFlight.get(orgId)!.shift()!})`);
        }
      }
    }
    // Work orders: 3 open, 1 in progress, 1 resolved, 1 closed; B has an open one.
    let n = 0;
    for (const [orgId, status] of [[orgA, 'open'], [orgA, 'open'], [orgA, 'open'], [orgA, 'in_progress'], [orgA, 'resolved'], [orgA, 'closed'], [orgB, 'open']] as const) {
      await db.execute(sql`insert into work_orders (org_id, order_no, title, status) values (${orgId}, ${`WO-DASH-${engine}-${n++}`}, 'Fix', ${status})`);
    }
    // Suggestions: 2 new and 1 handled in A, 1 new in B.
    for (const [orgId, status] of [[orgA, 0], [orgA, 0], [orgA, 1], [orgB, 0]] as const) {
      await db.execute(sql`insert into suggestions (org_id, content, status) values (${orgId}, 'Idea', ${status})`);
    }
    // SMS: A's portal allows 100 a month; 3 sent this month, 1 failed, 1 last month; B sent 2.
    await db.execute(sql`insert into portal_settings (org_id, place, sms_quota) values (${orgA}, '', 100)`);
    const sms = (orgId: number, status: string, at: Date) => db.execute(sql`insert into sms_messages (org_id, phone, template_code, provider, status, created_at)
      values (${orgId}, '13800000000', 'T', 'local', ${status}, ${at.toISOString()}::timestamptz)`);
    for (let i = 0; i < 3; i++) await sms(orgA, 'sent', new Date(NOW.getTime() - HOUR));
    await sms(orgA, 'failed', new Date(NOW.getTime() - HOUR));
    await sms(orgA, 'sent', new Date('2026-10-31T12:00:00Z'));
    await sms(orgB, 'sent', new Date(NOW.getTime() - HOUR));
    await sms(orgB, 'sent', new Date(NOW.getTime() - HOUR));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the organisation\'s figures exactly', async () => {
    const r = await summary(staff.token);
    expect(r.code, r.msg).toBe(200);
    const s = r.data!;
    expect(s.at).toBe(NOW.toISOString());
    expect(s.devices).toEqual({
      total: 11, online: 5, offline: 6,
      families: [
        { family: 'ig', total: 6, online: 4, offline: 2 },
        { family: 'olt', total: 3, online: 1, offline: 2 },
        { family: 'ap', total: 2, online: 0, offline: 2 },
      ],
    });
    expect(s.commands).toEqual({ total: 4, states: { queued: 2, sent: 1, delivered: 1 } });
    expect(s.campaigns).toEqual({ running: 2, paused: 1 });
    expect(s.workOrders).toEqual({ open: 3, unfinished: 4 });
    expect(s.suggestions).toEqual({ unhandled: 2 });
    expect(s.sms).toEqual({ quota: 100, used: 3, remaining: 97 });
  });

  it('draws the online rate from the hourly samples, the present counted live, unsampled hours as gaps', async () => {
    const db = t.database.db;
    const hour = (h: number) => new Date(Date.UTC(2026, 10, 23, h)).toISOString();
    await db.execute(sql`insert into device_presence_hourly (org_id, hour, online, total) values
      (${orgA}, ${hour(11)}::timestamptz, 4, 11), (${orgA}, ${hour(10)}::timestamptz, 3, 10), (${orgB}, ${hour(11)}::timestamptz, 1, 5),
      (${orgA}, ${hour(12)}::timestamptz, 0, 0)`);
    const series = (await summary(staff.token)).data!.onlineRate!;
    expect(series).toHaveLength(24);
    expect(series.at(-1)).toEqual({ at: NOW.toISOString(), online: 5, total: 11, rate: 45.5 });
    expect(series.at(-2)).toEqual({ at: hour(12), online: 4, total: 11, rate: 36.4 });
    expect(series.at(-3)).toEqual({ at: hour(11), online: 3, total: 10, rate: 30 });
    expect(series.at(-4)).toEqual({ at: hour(10), online: null, total: null, rate: null });
    expect(series[0]!.at).toBe(new Date(Date.UTC(2026, 10, 22, 14)).toISOString());
    expect((await summary(staff.token, { hours: 48 })).data!.onlineRate).toHaveLength(48);
    expect((await summary(outsider.token)).data!.onlineRate!.at(-2)).toMatchObject({ online: 1, total: 5 });
  });

  it('samples every organisation\'s presence into the current hour, and forgets samples after 8 days', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into device_presence_hourly (org_id, hour, online, total) values (${orgA}, ${new Date(NOW.getTime() - 9 * 24 * HOUR).toISOString()}::timestamptz, 1, 1)`);
    await samplePresence(db, NOW);
    await samplePresence(db, NOW);
    const rows = (await db.execute(sql`select org_id, hour, online, total from device_presence_hourly where org_id in (${orgA}, ${orgB}) order by hour, org_id`) as unknown as { rows: { org_id: number; hour: Date | string; online: number; total: number }[] }).rows;
    const at = (r: { hour: Date | string }) => new Date(r.hour).toISOString();
    expect(rows.filter((r) => at(r) === '2026-11-23T12:00:00.000Z').map((r) => [r.org_id, r.online, r.total])).toEqual([[orgA, 5, 11], [orgB, 5, 5]]);
    expect(rows.every((r) => new Date(r.hour).getTime() > NOW.getTime() - 8 * 24 * HOUR)).toBe(true);
  });

  it('keeps each organisation to its own figures', async () => {
    const s = (await summary(outsider.token)).data!;
    expect(s.devices).toEqual({ total: 5, online: 5, offline: 0, families: [{ family: 'ig', total: 5, online: 5, offline: 0 }] });
    expect(s.onlineRate!.at(-1)).toMatchObject({ online: 5, total: 5 });
    expect(s.commands!.total).toBe(1);
    expect(s.campaigns).toEqual({ running: 1, paused: 0 });
    expect(s.workOrders).toEqual({ open: 1, unfinished: 1 });
    expect(s.suggestions).toEqual({ unhandled: 1 });
    expect(s.sms).toEqual({ quota: 0, used: 2, remaining: null });
  });

  it('leaves out every card whose list the caller may not read', async () => {
    const none = await makeUser(t, orgA, []);
    expect((await summary(none.token)).data).toEqual({
      at: NOW.toISOString(), devices: null, onlineRate: null, commands: null, campaigns: null, workOrders: null, suggestions: null, sms: null,
    });
    const some = await makeUser(t, orgA, ['business.work_order.list', 'oa.suggestion.list']);
    const s = (await summary(some.token)).data!;
    expect(s).toMatchObject({ devices: null, onlineRate: null, commands: null, campaigns: null, sms: null, workOrders: { open: 3 }, suggestions: { unhandled: 2 } });
    // A family page alone shows that family's devices, and no fleet-wide rate.
    const olt = await makeUser(t, orgA, ['device.olt.list', 'device.command.list']);
    const o = (await summary(olt.token)).data!;
    expect(o.devices).toEqual({ total: 3, online: 1, offline: 2, families: [{ family: 'olt', total: 3, online: 1, offline: 2 }] });
    expect(o.onlineRate).toBeNull();
    expect(o.commands!.total).toBe(4);
    expect(o.campaigns).toBeNull();
  });

  it('answers the administrator in its current organisation, and nothing without a session', async () => {
    const s = (await summary(admin)).data!;
    // The administrator works in the platform organisation: none of A's or B's devices.
    expect(s.devices?.total ?? 0).toBe(0);
    const anon = await t.post(DASHBOARD_SUMMARY_PATH, { method: 'summary' });
    expect(anon.code).toBe(Code.NOT_LOGGED_IN);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ hours: 0 }, 'hours'],
      [{ hours: 169 }, 'hours'],
      [{ hours: 1.5 }, 'hours'],
      [{ hours: '24' }, 'hours'],
      [{ org_id: orgB }, 'org_id'],
    ];
    for (const [body, field] of cases) {
      const r = await summary(staff.token, body);
      expect([r.code, r.field], JSON.stringify(body)).toEqual([Code.VALIDATION, field]);
    }
    expect((await t.post(DASHBOARD_SUMMARY_PATH, { method: 'drop' }, { token: staff.token })).code).toBe(Code.UNKNOWN_METHOD);
  });
});
