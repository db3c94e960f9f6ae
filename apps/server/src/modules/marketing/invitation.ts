import { and, count, desc, eq, sql } from 'drizzle-orm';
import { INVITE_CONVERTED, invitationResource, invitationStatsBody, type InvitationStats } from '@gx/contract';
import { invitations, users } from '../../db/schema';
import { method } from '../../http/endpoint';
import { defineResource } from '../../resources/define';
import { dayOf, daysOf, inPeriod } from '../../db/daily';

export const invitationBinding = defineResource({
  decl: invitationResource,
  table: invitations,
  tenant: { kind: 'column', column: invitations.orgId },
  hooks: {
    async afterTransition(ctx, exec, id, action) {
      if (action === 'convert') await exec.update(invitations).set({ convertedAt: ctx.services.now() }).where(eq(invitations.id, id));
    },
  },
  methods: {
    /**
     * The chart's data in one call: invitations and conversions per day of the period (every day, zero-filled)
     * and per inviter (top 20), counted by when the invitation was made, in the reader's time zone.
     */
    statistics: method({
      access: 'marketing.invitation.list',
      body: invitationStatsBody,
      readOnly: true,
      async handler(ctx, input): Promise<InvitationStats> {
        const period = { from: input.from, to: input.to, tz: input.tz ?? 'UTC' };
        const where = and(eq(invitations.orgId, ctx.orgId()), inPeriod(invitations.invitedAt, period));
        const converted = sql<number>`count(*) filter (where ${invitations.status} = ${INVITE_CONVERTED})`;
        const day = dayOf(invitations.invitedAt, period);
        const perDay = await ctx.db.select({ day, n: count(), c: converted }).from(invitations).where(where)
          // By position: the zone is a bound parameter, so the expression written twice would not match itself.
          .groupBy(sql`1`);
        const perInviter = await ctx.db.select({
          id: invitations.inviterId, name: sql<string>`coalesce(nullif(max(${users.nickname}), ''), max(${users.username}))`, n: count(), c: converted,
        }).from(invitations).innerJoin(users, eq(users.id, invitations.inviterId)).where(where)
          .groupBy(invitations.inviterId).orderBy(desc(count()), invitations.inviterId).limit(20);
        const byDay = new Map(perDay.map((r) => [r.day, r]));
        const days: InvitationStats['days'] = daysOf(period).map((date) => {
          const r = byDay.get(date);
          return { date, invitations: Number(r?.n ?? 0), conversions: Number(r?.c ?? 0) };
        });
        const total = days.reduce((s, d) => s + d.invitations, 0);
        const conv = days.reduce((s, d) => s + d.conversions, 0);
        return {
          days,
          inviters: perInviter.map((r) => ({ inviter_id: r.id, name: r.name, invitations: Number(r.n), conversions: Number(r.c) })),
          total,
          converted: conv,
          rate: total ? conv / total : 0,
        };
      },
    }),
  },
});
