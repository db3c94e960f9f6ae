import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  SDWAN_DEGRADED, SDWAN_LINK_METRIC, STATUS_DISABLED,
  type BigScreenSummary, type DeviceFamily, type EventLevel, type SdwanLinkState, type SdwanSummary,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import { deviceEvents, deviceTelemetry, devices } from '../../db/schema';

const HOUR_MS = 3_600_000;
const EVENT_ROWS = 30;
const TOP_EVENTS = 8;

const n = (v: unknown) => Number(v ?? 0) || 0;
const num = (key: string) => sql`coalesce((${devices.metrics}->>${key})::float8, 0)`;

/**
 * `/screenhome` and `/tvscreenhome`: aggregations over the organisation's devices, their events and the last day's
 * telemetry, each one grouped query (indexed by organisation), never rows loaded and counted here.
 */
export async function bigScreenSummary(exec: Executor, orgId: number, now: Date): Promise<BigScreenSummary> {
  const since = new Date(now.getTime() - 24 * HOUR_MS);
  const mine = eq(devices.orgId, orgId);
  const recentAlarm = and(eq(deviceEvents.orgId, orgId), inArray(deviceEvents.level, ['warn', 'error']), gte(deviceEvents.createdAt, since));
  const [totals] = await exec.select({
    total: sql<number>`count(*)::int`,
    online: sql<number>`coalesce(sum(${devices.online}), 0)::int`,
    disabled: sql<number>`count(*) filter (where ${devices.status} = ${STATUS_DISABLED})::int`,
  }).from(devices).where(mine);
  const [alarming] = await exec.select({ n: sql<number>`count(distinct ${deviceEvents.deviceId})::int` }).from(deviceEvents)
    .where(and(recentAlarm, eq(deviceEvents.level, 'error')));
  // Per province and city in one pass; the provinces are their cities' sums.
  const places = await exec.select({
    province: devices.province, city: devices.city, total: sql<number>`count(*)::int`, online: sql<number>`coalesce(sum(${devices.online}), 0)::int`,
  }).from(devices).where(mine).groupBy(devices.province, devices.city);
  const byProvince = new Map<string, { province: string; total: number; online: number }>();
  for (const p of places) {
    const sum = byProvince.get(p.province) ?? { province: p.province, total: 0, online: 0 };
    sum.total += n(p.total);
    sum.online += n(p.online);
    byProvince.set(p.province, sum);
  }
  const provinces = [...byProvince.values()];
  const families = await exec.select({
    family: devices.family, total: sql<number>`count(*)::int`, online: sql<number>`coalesce(sum(${devices.online}), 0)::int`,
    rx: sql<number>`sum(case when ${devices.online} = 1 then ${num('wan_rx_bps')} + ${num('rx_bps')} else 0 end)::float8`,
    tx: sql<number>`sum(case when ${devices.online} = 1 then ${num('wan_tx_bps')} + ${num('tx_bps')} else 0 end)::float8`,
  }).from(devices).where(mine).groupBy(devices.family).orderBy(devices.family);
  const hourOf = sql<number>`floor(extract(epoch from ${deviceTelemetry.ts}) / 3600)::int`;
  const hours = await exec.select({ hour: hourOf, online: sql<number>`count(distinct ${deviceTelemetry.deviceId})::int` })
    .from(deviceTelemetry)
    .where(and(eq(deviceTelemetry.orgId, orgId), gte(deviceTelemetry.ts, since)))
    .groupBy(hourOf);
  const top = await exec.select({ code: deviceEvents.code, level: deviceEvents.level, count: sql<number>`count(*)::int` })
    .from(deviceEvents).where(recentAlarm)
    .groupBy(deviceEvents.code, deviceEvents.level)
    .orderBy(desc(sql`count(*)`), deviceEvents.code)
    .limit(TOP_EVENTS);
  const events = await exec.select({
    id: deviceEvents.id, at: deviceEvents.createdAt, level: deviceEvents.level, code: deviceEvents.code, msg: deviceEvents.msg,
    serial: devices.serial, name: devices.name, province: devices.province,
  }).from(deviceEvents).innerJoin(devices, eq(devices.id, deviceEvents.deviceId))
    .where(eq(deviceEvents.orgId, orgId))
    .orderBy(desc(deviceEvents.createdAt), desc(deviceEvents.id))
    .limit(EVENT_ROWS);

  const byHour = new Map(hours.map((h) => [n(h.hour), n(h.online)]));
  const lastHour = Math.floor(now.getTime() / HOUR_MS);
  const total = n(totals?.total), online = n(totals?.online);
  return {
    at: now.toISOString(),
    totals: { total, online, offline: total - online, disabled: n(totals?.disabled), alarming: n(alarming?.n) },
    provinces: provinces.filter((p) => p.province !== '').map((p) => ({ province: p.province, total: n(p.total), online: n(p.online) }))
      .sort((a, b) => b.total - a.total || a.province.localeCompare(b.province)),
    unlocated: n(provinces.find((p) => p.province === '')?.total),
    cities: places.filter((p) => p.province !== '' && p.city.trim() !== '')
      .map((p) => ({ province: p.province, city: p.city.trim(), total: n(p.total), online: n(p.online) }))
      .sort((a, b) => b.total - a.total || a.province.localeCompare(b.province) || a.city.localeCompare(b.city)),
    families: families.map((f) => ({ family: f.family as DeviceFamily, total: n(f.total), online: n(f.online) })),
    trend: Array.from({ length: 24 }, (_, i) => {
      const h = lastHour - 23 + i;
      return { hour: new Date(h * HOUR_MS).toISOString(), online: byHour.get(h) ?? 0 };
    }),
    traffic: families.filter((f) => n(f.rx) + n(f.tx) > 0).map((f) => ({ family: f.family as DeviceFamily, rx_bps: n(f.rx), tx_bps: n(f.tx) })),
    top_events: top.map((t) => ({ code: t.code, level: t.level as EventLevel, count: n(t.count) })),
    events: events.map((e) => ({ ...e, at: e.at.toISOString(), level: e.level as EventLevel })),
  };
}

/** The state of one link from what its reporting end said and whether that end is online. */
export function linkState(online: boolean, up: number | undefined, latency: number, loss: number): SdwanLinkState {
  if (!online || up !== 1) return 'down';
  return loss >= SDWAN_DEGRADED.loss_pct || latency >= SDWAN_DEGRADED.latency_ms ? 'degraded' : 'up';
}

/**
 * `/SD_WAN_Largescreen`: the organisation's gateways that report an SD-WAN site number (`sdwan_site` > 0) and the
 * links their latest telemetry reports (`sdwan_p<peer>_*`) to sites of the same organisation.
 */
export async function sdwanSummary(exec: Executor, orgId: number, now: Date): Promise<SdwanSummary> {
  const siteOf = sql<number>`coalesce((${devices.metrics}->>'sdwan_site')::float8, 0)::int`;
  const rows = await exec.select({
    id: devices.id, site: siteOf, serial: devices.serial, name: devices.name, province: devices.province, city: devices.city,
    online: devices.online, metrics: devices.metrics,
  }).from(devices)
    .where(and(eq(devices.orgId, orgId), eq(devices.family, 'ig'), sql`${siteOf} > 0`))
    .orderBy(siteOf, devices.id);
  const bySite = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!bySite.has(r.site)) bySite.set(r.site, r);
  const links: SdwanSummary['links'] = [];
  for (const r of bySite.values()) {
    const m = (r.metrics ?? {}) as Record<string, unknown>;
    const peers = new Map<number, { up?: number; latency: number; loss: number }>();
    for (const [k, v] of Object.entries(m)) {
      const hit = SDWAN_LINK_METRIC.exec(k);
      if (!hit || typeof v !== 'number') continue;
      const peer = Number(hit[1]);
      const l = peers.get(peer) ?? { latency: 0, loss: 0 };
      if (hit[2] === 'up') l.up = v;
      else if (hit[2] === 'latency_ms') l.latency = v;
      else l.loss = v;
      peers.set(peer, l);
    }
    for (const [peer, l] of [...peers].sort((a, b) => a[0] - b[0])) {
      const other = bySite.get(peer);
      if (!other || other.id === r.id) continue;
      links.push({
        from: r.id, to: other.id, latency_ms: l.latency, loss_pct: l.loss,
        state: linkState(r.online === 1, l.up, l.latency, l.loss),
      });
    }
  }
  return {
    at: now.toISOString(),
    sites: [...bySite.values()].map((r) => ({
      id: r.id, site: r.site, serial: r.serial, name: r.name, province: r.province, city: r.city, online: r.online === 1,
    })),
    links,
  };
}
