import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { dailyStatsBody, guestOnlineRecordResource, onlineRecordResource, type DailySeries } from '@gx/contract';
import { devices, organizations, portalGuestSessions } from '../../db/schema';
import { dailySeries } from '../../db/daily';
import { method } from '../../http/endpoint';
import { defineResource } from '../../resources/define';
import { rowsOf } from '../equipment/rowsOf';
import { onlineTimelineMethod } from './onlineTimeline';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/**
 * The periods devices were online (0055_online_records). The device channel writes them with the presence change
 * itself (equipment/writer.ts opens one, equipment/presence.ts closes it), so a device reads online exactly while
 * it has an open period (`offline_at` null). `serial` is kept as it was, so a period outlives a rename.
 */
export const deviceOnlinePeriods = pgTable('device_online_periods', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  serial: text('serial').notNull(),
  onlineAt: ts('online_at').notNull(),
  offlineAt: ts('offline_at'),
  /** '' while open, else the `OfflineReason`, or `reopened` (online again with no offline recorded). */
  reason: text('reason').notNull().default(''),
}, (t) => [
  index('device_online_periods_org_online_idx').on(t.orgId, t.onlineAt),
  index('device_online_periods_org_device_idx').on(t.orgId, t.deviceId),
  index('device_online_periods_org_reason_idx').on(t.orgId, t.reason),
  // Closing a device's open period, on every presence change.
  index('device_online_periods_open_idx').on(t.deviceId).where(sql`offline_at is null`),
  prefixIdx('device_online_periods_serial_prefix_idx', t.serial),
]);

const p = deviceOnlinePeriods;

/** The periods, read-only; the name and place are the device's current ones, the duration counts to now while open. */
export const onlineRecordBinding = defineResource({
  decl: onlineRecordResource,
  table: deviceOnlinePeriods,
  tenant: { kind: 'column', column: p.orgId },
  columns: {
    device_name: sql`(select d.name from devices d where d.id = ${p.deviceId})`,
    place: sql`(select concat_ws(' ', nullif(d.province, ''), nullif(d.city, '')) from devices d where d.id = ${p.deviceId})`,
  },
  virtual: {
    // Up to now for a period still open (the server's clock, as everything else the channel records).
    duration_minutes: {
      select: (ctx) => sql`floor(extract(epoch from (coalesce(${p.offlineAt}, ${ctx.services.now().toISOString()}::timestamptz) - ${p.onlineAt})) / 60)::int`,
    },
  },
  methods: {
    /**
     * Per day of the period in the reader's zone: the devices online at some moment of it, and the minutes they were
     * online within it (every period clipped to the day, an open one to now), rounded per day.
     */
    statistics: method({
      access: 'business.online_record.list',
      body: dailyStatsBody,
      readOnly: true,
      async handler(ctx, input): Promise<DailySeries> {
        const period = { from: input.from, to: input.to, tz: input.tz ?? 'UTC' };
        const now = ctx.services.now().toISOString();
        const res = await ctx.db.execute(sql`
          with days as (
            select to_char(g.d, 'YYYY-MM-DD') as day, g.d at time zone ${period.tz} as s, (g.d + interval '1 day') at time zone ${period.tz} as e
            from generate_series(${period.from}::timestamp, ${period.to}::timestamp, interval '1 day') as g(d)),
          clipped as (
            select days.day, p.device_id,
              greatest(p.online_at, days.s) as a, least(coalesce(p.offline_at, ${now}::timestamptz), days.e) as b
            from days join device_online_periods p
              on p.org_id = ${ctx.orgId()} and p.online_at < days.e and (p.offline_at is null or p.offline_at > days.s))
          select day, count(distinct device_id)::int as devices, coalesce(sum(extract(epoch from (b - a))), 0)::float8 as seconds
          from clipped where b > a group by day`);
        const rows = rowsOf<{ day: string; devices: number; seconds: number }>(res);
        return dailySeries(period, ['devices', 'minutes'], rows.flatMap((r) => [
          { day: r.day, key: 'devices', value: Number(r.devices) },
          { day: r.day, key: 'minutes', value: Math.round(Number(r.seconds) / 60) },
        ]));
      },
    }),
    /** One device's periods along a time axis (the page's timeline), clipped to the range: see onlineTimeline.ts. */
    timeline: onlineTimelineMethod,
  },
});

const g = portalGuestSessions;
/** When a guest session stopped counting (the portal's quota reckons the same): ended, else its expiry once past. */
const guestEnd = (now: string) => sql`least(coalesce(${g.endedAt}, ${now}::timestamptz), ${g.expiresAt}, ${now}::timestamptz)`;

/**
 * The guests' online periods: the portal's own sessions, read-only. A session still active past its expiry (not
 * swept yet) reads as ended at its expiry, as the daily quota counts it.
 */
export const guestOnlineRecordBinding = defineResource({
  decl: guestOnlineRecordResource,
  table: portalGuestSessions,
  tenant: { kind: 'column', column: g.orgId },
  columns: { online_at: g.startedAt },
  virtual: {
    offline_at: {
      select: (ctx) => {
        const now = ctx.services.now().toISOString();
        return sql`case when ${g.endedAt} is null and ${g.expiresAt} > ${now}::timestamptz then null else ${guestEnd(now)} end`.mapWith(g.endedAt);
      },
    },
    duration_minutes: {
      select: (ctx) => sql`greatest(0, floor(extract(epoch from (${guestEnd(ctx.services.now().toISOString())} - ${g.startedAt})) / 60))::int`,
    },
  },
});
