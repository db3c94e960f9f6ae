import { eq } from 'drizzle-orm';
import { dailyStatsBody, prizeWinResource, WIN_EXPIRED, WIN_REDEEMED, WIN_WON, type DailySeries } from '@gx/contract';
import { prizeWins } from '../../db/schema';
import { method } from '../../http/endpoint';
import { defineResource } from '../../resources/define';
import { countPerDay } from '../../db/daily';

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
        return countPerDay(ctx.db, { table: prizeWins, at: prizeWins.createdAt, key: prizeWins.status, orgId: prizeWins.orgId }, ctx.orgId(), period, [WIN_WON, WIN_REDEEMED, WIN_EXPIRED].map(String));
      },
    }),
  },
});
