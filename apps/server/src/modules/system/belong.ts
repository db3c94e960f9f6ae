import { and, eq, sql } from 'drizzle-orm';
import { belongResource, Code } from '@gx/contract';
import { organizations, orgMembers, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import { leaveOrganization } from './membership';

/** Memberships (`/admin/system/webmaster/belong`): platform staff add an existing account to an organisation. */
export const belongBinding = defineResource({
  decl: belongResource,
  table: orgMembers,
  id: orgMembers.id,
  tenant: { kind: 'platform' },
  columns: {
    username: sql<string>`(select u.username from ${users} u where u.id = ${qualified(orgMembers.userId)})`,
    nickname: sql<string>`(select u.nickname from ${users} u where u.id = ${qualified(orgMembers.userId)})`,
    org_name: sql<string>`(select o.name from ${organizations} o where o.id = ${qualified(orgMembers.orgId)})`,
  },
  hooks: {
    async beforeAdd(_ctx, exec, input, values) {
      const username = String(input.username).toLowerCase();
      const [user] = await exec.select({ id: users.id }).from(users).where(eq(sql`lower(${users.username})`, username)).limit(1);
      if (!user) throw new AppError(Code.VALIDATION, 'validation.userUnknown', 'username');
      const [already] = await exec.select({ id: orgMembers.id }).from(orgMembers)
        .where(and(eq(orgMembers.userId, user.id), eq(orgMembers.orgId, input.org_id as number)));
      if (already) throw new AppError(Code.CONFLICT, 'validation.duplicate', 'username');
      values.userId = user.id;
    },
    async guard(_ctx, _exec, _id, _operation, before) {
      if (before.user_id === 1) throw new AppError(Code.FORBIDDEN, 'validation.protectedUser');
    },
    remove: (_ctx, exec, _id, before) => leaveOrganization(exec, before.org_id as number, before.user_id as number),
  },
});
