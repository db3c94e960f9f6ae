import { sql } from 'drizzle-orm';
import { Code, ONLINE_TIMELINE_MAX_PERIODS, onlineTimelineBody, type OnlineTimeline, type OnlineTimelinePeriod } from '@gx/contract';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { rowsOf } from '../equipment/rowsOf';

const iso = (v: unknown): string => new Date(v as string | Date).toISOString();

/** Seconds covered by spans sorted by start, overlaps counted once (periods of one device should not overlap; if they do, no second counts twice). */
export function coveredSeconds(spans: readonly { start: number; end: number }[]): number {
  let total = 0;
  let reach = -Infinity;
  for (const s of spans) {
    const from = Math.max(s.start, reach);
    if (s.end > from) total += s.end - from;
    reach = Math.max(reach, s.end);
  }
  return total / 1000;
}

/**
 * `timeline`: one device's online periods between `from` and `to`, each clipped to the range, a still-open one
 * ending now, for the page's per-device timeline; with the online share of the range up to now. The device must be
 * the caller's organisation's, or one the organisation holds periods of (a device since unbound still has its
 * history here); another's answers 1006 naming `device_id`, like an id that does not exist.
 */
export const onlineTimelineMethod = method({
  access: 'business.online_record.list',
  body: onlineTimelineBody,
  readOnly: true,
  async handler(ctx, input): Promise<OnlineTimeline> {
    const org = ctx.orgId();
    const device = input.device_id as number;
    const known = rowsOf<{ ok: boolean }>(await ctx.db.execute(sql`select (
      exists (select 1 from devices where id = ${device} and org_id = ${org})
      or exists (select 1 from device_online_periods where org_id = ${org} and device_id = ${device})) as ok`));
    if (!known[0]?.ok) throw new AppError(Code.NOT_FOUND, undefined, 'device_id');

    const from = new Date(input.from);
    const to = new Date(input.to);
    const now = ctx.services.now();
    // The future holds no periods and no offline time either: the range is measured up to now.
    const until = new Date(Math.max(from.getTime(), Math.min(to.getTime(), now.getTime())));
    const rows = rowsOf<{ online_at: string | Date; offline_at: string | Date | null; reason: string; s: string | Date; e: string | Date }>(await ctx.db.execute(sql`
      select online_at, offline_at, reason,
        greatest(online_at, ${from.toISOString()}::timestamptz) as s,
        least(coalesce(offline_at, ${now.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz) as e
      from device_online_periods
      where org_id = ${org} and device_id = ${device}
        and online_at < ${until.toISOString()}::timestamptz and (offline_at is null or offline_at > ${from.toISOString()}::timestamptz)
      order by online_at, id
      limit ${ONLINE_TIMELINE_MAX_PERIODS + 1}`));
    const more = rows.length > ONLINE_TIMELINE_MAX_PERIODS;
    const periods: OnlineTimelinePeriod[] = [];
    const spans: { start: number; end: number }[] = [];
    for (const r of rows.slice(0, ONLINE_TIMELINE_MAX_PERIODS)) {
      const start = new Date(r.s as string | Date).getTime();
      const end = new Date(r.e as string | Date).getTime();
      if (end <= start) continue;
      spans.push({ start, end });
      periods.push({
        online_at: iso(r.online_at), offline_at: r.offline_at === null ? null : iso(r.offline_at),
        start: new Date(start).toISOString(), end: new Date(end).toISOString(), seconds: Math.round((end - start) / 1000), reason: r.reason,
      });
    }
    const onlineSeconds = Math.round(coveredSeconds(spans));
    const totalSeconds = Math.round((until.getTime() - from.getTime()) / 1000);
    return {
      device_id: device, from: from.toISOString(), to: to.toISOString(), until: until.toISOString(), periods,
      online_seconds: onlineSeconds, total_seconds: totalSeconds,
      percent: totalSeconds > 0 ? Math.round((onlineSeconds / totalSeconds) * 1000) / 10 : 0,
      more,
    };
  },
});
