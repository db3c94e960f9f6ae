import { and, eq, isNull, sql } from 'drizzle-orm';
import { Code, isPlatformAdmin, visitLogResource } from '@gx/contract';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';

/**
 * Sessions working in the organisation; never the token hash. A person who also belongs to another organisation is
 * seen and signed out there only for the sessions working there.
 */
export const visitLogBinding = defineResource({
  decl: visitLogResource,
  table: sessions,
  tenant: { kind: 'column', column: sessions.orgId },
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
