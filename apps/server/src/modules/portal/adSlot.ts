import { and, eq, sql, sum } from 'drizzle-orm';
import { dailyStatsBody, portalAdSlotResource, type DailySeries } from '@gx/contract';
import { portalAdSlots, portalAdStats } from '../../db/schema';
import { dailySeries, dayOf, inPeriod } from '../../db/daily';
import { method } from '../../http/endpoint';
import { defineResource } from '../../resources/define';

/** Ad slots; `statistics` is the ad-revenue report of the slots page. */
export const portalAdSlotBinding = defineResource({
  decl: portalAdSlotResource,
  table: portalAdSlots,
  tenant: { kind: 'column', column: portalAdSlots.orgId },
  methods: {
    /**
     * Views, clicks and earnings (cents, rounded down per day) per day of the period in the reader's zone, over
     * every slot the organisation has had, removed ones included: what was earned stays earned.
     */
    statistics: method({
      access: 'portal.ad_slot.list',
      body: dailyStatsBody,
      readOnly: true,
      async handler(ctx, input): Promise<DailySeries> {
        const period = { from: input.from, to: input.to, tz: input.tz ?? 'UTC' };
        const rows = await ctx.db.select({
          day: dayOf(portalAdStats.hour, period), views: sum(portalAdStats.views), clicks: sum(portalAdStats.clicks),
          earned: sum(portalAdStats.earnedMilli),
        }).from(portalAdStats).where(and(eq(portalAdStats.orgId, ctx.orgId()), inPeriod(portalAdStats.hour, period)))
          // By position: the zone is a bound parameter, so the expression written twice would not match itself.
          .groupBy(sql`1`);
        return dailySeries(period, ['views', 'clicks', 'revenue'], rows.flatMap((r) => [
          { day: r.day, key: 'views', value: Number(r.views ?? 0) },
          { day: r.day, key: 'clicks', value: Number(r.clicks ?? 0) },
          { day: r.day, key: 'revenue', value: Math.floor(Number(r.earned ?? 0) / 1000) },
        ]));
      },
    }),
  },
});
