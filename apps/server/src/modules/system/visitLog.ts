import { and, eq, isNull, sql } from 'drizzle-orm';
import { Code, isPlatformAdmin, visitLogResource } from '@gx/contract';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import { memberOf } from './membership';

/** Sign-ins of the organisation's members (sessions); never the token hash. */
export const visitLogBinding = defineResource({
  decl: visitLogResource,
  table: sessions,
  tenant: { kind: 'custom', where: (orgId) => memberOf(sessions.userId, orgId) },
  columns: {
    username: sql<string>`(select u.username from ${users} u where u.id = ${qualified(sessions.userId)})`,
  },
  hooks: {
    async guard(ctx, _exec, _id, _operation, before) {
      if (isPlatformAdmin(before.user_id as number) && !ctx.user().isAdmin) throw new AppError(Code.FORBIDDEN, 'validation.protectedUser');
    },
  },
  actions: {
    /** Ends the session: its holder gets 1005 on the next call. */
    async revoke(ctx, exec, id) {
      await exec.update(sessions).set({ revokedAt: ctx.services.now(), revokedReason: 'admin' })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
  },
});
