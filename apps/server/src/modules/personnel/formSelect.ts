import { and, asc, eq, ilike, or } from 'drizzle-orm';
import { Api, PICKER_LIMIT, personnelSelectBody, type PersonnelSelectAnswer } from '@gx/contract';
import { orgMembers, users } from '../../db/schema';
import { closedBody, method, type EndpointSpec } from '../../http/endpoint';
import { containsPattern } from '../../db/containsPattern';

/**
 * The employee picker (SPEC §5: first 50 with a hint to refine; the handover list filtered by name substring):
 * enabled members of the caller's current organisation, matched on nickname or username.
 */
export const personnelSelectEndpoint: EndpointSpec = {
  path: Api.shell.webmaster,
  methods: {
    form_select: method({
      access: 'system.webmaster.form_select',
      body: closedBody(personnelSelectBody, 'form_select'),
      async handler(ctx, input): Promise<PersonnelSelectAnswer> {
        const orgId = ctx.orgId();
        const where = [eq(orgMembers.orgId, orgId), eq(users.status, 1)];
        if (input.keyword) {
          const like = containsPattern(input.keyword);
          const match = or(ilike(users.nickname, like), ilike(users.username, like));
          if (match) where.push(match);
        }
        const rows = await ctx.db
          .select({ id: users.id, nickname: users.nickname, username: users.username, cellphone: users.cellphone })
          .from(orgMembers)
          .innerJoin(users, eq(users.id, orgMembers.userId))
          .where(and(...where))
          .orderBy(asc(users.id))
          .limit(PICKER_LIMIT + 1);
        return {
          warden: rows.slice(0, PICKER_LIMIT).map((r) => ({ id: r.id, name: r.nickname || r.username, cellphone: r.cellphone })),
          more: rows.length > PICKER_LIMIT,
        };
      },
    }),
  },
};
