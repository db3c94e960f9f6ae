import { and, count, eq, sql } from 'drizzle-orm';
import { dailyStatsBody, prizeWinResource, WIN_EXPIRED, WIN_REDEEMED, WIN_WON, type DailySeries } from '@gx/contract';
import { prizeWins } from '../../db/schema';
import { method } from '../../http/endpoint';
import { defineResource } from '../../resources/define';
import { dailySeries, dayOf, inPeriod } from '../../db/daily';

/** Winners come from draws; redeeming records when and by whom. */
export const prizeWinBinding = defineResource({
  decl: prizeWinResource,
  table: prizeWins,
  tenant: { kind: 'column', column: prizeWins.orgId },
  hooks: {
    async afterTransition(ctx, exec, id, action) {
      if (action === 'redeem') {
        await exec.update(prizeWins).set({ redeemedAt: ctx.services.now(), redeemedBy: ctx.user().userId }).where(eq(prizeWins.id, id));
      }
    },
  },
  methods: {
    /** Wins per day of the period (by when they were won), one series per redemption state ("0", "1", "2"). */
    statistics: method({
      access: 'marketing.prize_win.list',
      body: dailyStatsBody,
      readOnly: true,
      async handler(ctx, input): Promise<DailySeries> {
        const period = { from: input.from, to: input.to, tz: input.tz ?? 'UTC' };
        const rows = await ctx.db.select({ day: dayOf(prizeWins.createdAt, period), key: sql<string>`${prizeWins.status}::text`, value: count() })
          .from(prizeWins).where(and(eq(prizeWins.orgId, ctx.orgId()), inPeriod(prizeWins.createdAt, period)))
          // By position: the zone is a bound parameter, so the expression written twice would not match itself.
          .groupBy(sql`1`, sql`2`);
        return dailySeries(period, [WIN_WON, WIN_REDEEMED, WIN_EXPIRED].map(String), rows);
      },
    }),
  },
});
