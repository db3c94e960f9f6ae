import { sql } from 'drizzle-orm';
import {
  DASHBOARD_CAMPAIGN_STATES, DASHBOARD_COMMAND_STATES, DASHBOARD_HOURS, DEVICE_FAMILIES, FAMILY_PAGES, FAMILY_PAGE_KEYS,
  WORK_ORDER_FINISHED, familyResourceKey, type DashboardSummary, type DashboardSummaryBody, type DeviceFamily,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import { permissionKeysOf } from '../../auth/permissions';
import type { RequestContext } from '../../http/context';
import { rowsOf } from '../equipment/rowsOf';
import { monthStart } from '../portal/settings';

const HOUR_MS = 3_600_000;

/** The list each card stands for: a card is counted only for a caller who may read that list. */
export const CARD_KEYS = {
  devices: 'device.binding.list',
  commands: 'device.command.list',
  campaigns: 'upgrade.campaign.list',
  workOrders: 'business.work_order.list',
  suggestions: 'oa.suggestion.list',
  sms: 'portal.settings.list',
} as const;

const isFamily = (f: string): f is DeviceFamily => (DEVICE_FAMILIES as readonly string[]).includes(f);
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** Families whose devices the caller may count: every family with *All devices*, else those of its family pages. */
function visibleFamilies(may: (key: string) => boolean): readonly DeviceFamily[] {
  if (may(CARD_KEYS.devices)) return DEVICE_FAMILIES;
  return [...new Set(FAMILY_PAGE_KEYS.filter((k) => may(`${familyResourceKey(k)}.list`)).map((k) => FAMILY_PAGES[k].family))];
}

async function deviceCounts(exec: Executor, orgId: number, families: readonly DeviceFamily[]): Promise<NonNullable<DashboardSummary['devices']>> {
  // One index range over devices_org_family_online_idx: counted in the index, no row is loaded.
  const rows = rowsOf<{ family: string; total: number; online: number }>(await exec.execute(sql`
    select family, count(*)::int as total, count(*) filter (where online = 1)::int as online
    from devices where org_id = ${orgId} and family in (${list(families)}) group by family`));
  const byFamily = rows.filter((r) => isFamily(r.family))
    .map((r) => ({ family: r.family as DeviceFamily, total: r.total, online: r.online, offline: r.total - r.online }))
    .sort((a, b) => DEVICE_FAMILIES.indexOf(a.family) - DEVICE_FAMILIES.indexOf(b.family));
  const total = byFamily.reduce((n, r) => n + r.total, 0);
  const online = byFamily.reduce((n, r) => n + r.online, 0);
  return { total, online, offline: total - online, families: byFamily };
}

const floorHour = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);
const rateOf = (online: number, total: number) => (total ? Math.round((online / total) * 1000) / 10 : 0);

/**
 * Every organisation's online and total devices now, as the sample of the current UTC hour (one grouped pass over
 * devices_org_online_idx); samples older than 8 days go. The dashboard's plugin runs it every minute.
 */
export async function samplePresence(exec: Executor, now: Date): Promise<void> {
  await exec.execute(sql`
    insert into device_presence_hourly (org_id, hour, online, total, updated_at)
    select org_id, ${floorHour(now).toISOString()}::timestamptz, (count(*) filter (where online = 1))::int, count(*)::int, ${now.toISOString()}::timestamptz
    from devices group by org_id
    on conflict (org_id, hour) do update set online = excluded.online, total = excluded.total, updated_at = excluded.updated_at`);
  await exec.execute(sql`delete from device_presence_hourly where hour < ${new Date(now.getTime() - SAMPLE_DAYS * 24 * HOUR_MS).toISOString()}::timestamptz`);
}

/** How long hourly samples are kept (the series asks for at most DASHBOARD_HOURS.max hours). */
const SAMPLE_DAYS = 8;

/**
 * The online rate over the last `hours` hours: the hourly samples of the organisation (at most `hours` rows by its
 * primary key), and the present counts as the last point.
 */
async function onlineSeries(exec: Executor, orgId: number, now: Date, hours: number, online: number, total: number): Promise<NonNullable<DashboardSummary['onlineRate']>> {
  const current = floorHour(now);
  const first = new Date(current.getTime() - (hours - 1) * HOUR_MS);
  const rows = rowsOf<{ hour: string | Date; online: number; total: number }>(await exec.execute(sql`
    select hour, online, total from device_presence_hourly
    where org_id = ${orgId} and hour >= ${first.toISOString()}::timestamptz and hour < ${current.toISOString()}::timestamptz`));
  const byHour = new Map(rows.map((r) => [new Date(r.hour).getTime(), r]));
  const points: NonNullable<DashboardSummary['onlineRate']> = [];
  for (let i = 0; i < hours - 1; i++) {
    const hour = first.getTime() + i * HOUR_MS;
    const r = byHour.get(hour);
    const at = new Date(hour + HOUR_MS).toISOString();
    points.push(r ? { at, online: r.online, total: r.total, rate: rateOf(r.online, r.total) } : { at, online: null, total: null, rate: null });
  }
  points.push({ at: now.toISOString(), online, total, rate: rateOf(online, total) });
  return points;
}

async function commandCounts(exec: Executor, orgId: number): Promise<NonNullable<DashboardSummary['commands']>> {
  const rows = rowsOf<{ state: string; n: number }>(await exec.execute(sql`
    select state, count(*)::int as n from device_commands
    where org_id = ${orgId} and state in (${list(DASHBOARD_COMMAND_STATES)}) group by state`));
  const states = Object.fromEntries(DASHBOARD_COMMAND_STATES.map((s) => [s, rows.find((r) => r.state === s)?.n ?? 0])) as NonNullable<DashboardSummary['commands']>['states'];
  return { total: Object.values(states).reduce((a, b) => a + b, 0), states };
}

async function campaignCounts(exec: Executor, orgId: number): Promise<NonNullable<DashboardSummary['campaigns']>> {
  const rows = rowsOf<{ state: string; n: number }>(await exec.execute(sql`
    select state, count(*)::int as n from upgrade_campaigns
    where org_id = ${orgId} and state in (${list(DASHBOARD_CAMPAIGN_STATES)}) group by state`));
  const n = (s: string) => rows.find((r) => r.state === s)?.n ?? 0;
  return { running: n('running'), paused: n('paused') };
}

async function workOrderCounts(exec: Executor, orgId: number): Promise<NonNullable<DashboardSummary['workOrders']>> {
  const [row] = rowsOf<{ open: number; unfinished: number }>(await exec.execute(sql`
    select count(*) filter (where status = 'open')::int as open,
      count(*) filter (where status not in (${list(WORK_ORDER_FINISHED)}))::int as unfinished
    from work_orders where org_id = ${orgId}`));
  return { open: row?.open ?? 0, unfinished: row?.unfinished ?? 0 };
}

async function suggestionCount(exec: Executor, orgId: number): Promise<NonNullable<DashboardSummary['suggestions']>> {
  const [row] = rowsOf<{ n: number }>(await exec.execute(sql`
    select count(*)::int as n from suggestions where org_id = ${orgId} and status = 0`));
  return { unhandled: row?.n ?? 0 };
}

async function smsFigures(exec: Executor, orgId: number, now: Date): Promise<NonNullable<DashboardSummary['sms']>> {
  const [row] = rowsOf<{ quota: number | null; used: number }>(await exec.execute(sql`
    select (select sms_quota from portal_settings where org_id = ${orgId} and place = '' limit 1) as quota,
      (select count(*)::int from sms_messages where org_id = ${orgId} and status = 'sent'
        and created_at >= ${monthStart(now).toISOString()}::timestamptz) as used`));
  const quota = Number(row?.quota ?? 0);
  const used = Number(row?.used ?? 0);
  return { quota, used, remaining: quota > 0 ? Math.max(0, quota - used) : null };
}

const EMPTY = { devices: null, onlineRate: null, commands: null, campaigns: null, workOrders: null, suggestions: null, sms: null } as const;

/** Every figure of the dashboard the caller may read, for its current organisation. */
export async function dashboardSummary(ctx: RequestContext, input: DashboardSummaryBody): Promise<DashboardSummary> {
  const p = ctx.user();
  const now = ctx.services.now();
  const at = now.toISOString();
  if (p.orgId === null) return { at, ...EMPTY };
  const orgId = p.orgId;
  const keys = new Set(await permissionKeysOf(ctx.db, p));
  const may = (key: string) => p.isAdmin || keys.has(key);
  const hours = input.hours ?? DASHBOARD_HOURS.default;
  const families = visibleFamilies(may);
  const db = ctx.db;
  const [devices, commands, campaigns, workOrders, suggestions, sms] = await Promise.all([
    families.length ? deviceCounts(db, orgId, families) : null,
    may(CARD_KEYS.commands) ? commandCounts(db, orgId) : null,
    may(CARD_KEYS.campaigns) ? campaignCounts(db, orgId) : null,
    may(CARD_KEYS.workOrders) ? workOrderCounts(db, orgId) : null,
    may(CARD_KEYS.suggestions) ? suggestionCount(db, orgId) : null,
    may(CARD_KEYS.sms) ? smsFigures(db, orgId, now) : null,
  ]);
  // The rate is the whole fleet's: only for callers who see every family.
  const onlineRate = devices && may(CARD_KEYS.devices) ? await onlineSeries(db, orgId, now, hours, devices.online, devices.total) : null;
  return { at, devices, onlineRate, commands, campaigns, workOrders, suggestions, sms };
}
