import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Code, organizationResource, PLATFORM_ORG_ID } from '@gx/contract';
import { organizations, orgMembers, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';

/**
 * Organisations (tenants), administered by platform staff. The creator becomes a member, so it can switch into
 * the new organisation and set up its roles and users. The platform organisation cannot be removed or disabled.
 */
export const organizationBinding = defineResource({
  decl: organizationResource,
  table: organizations,
  tenant: { kind: 'platform' },
  columns: {
    owner_name: sql<string>`(select coalesce(nullif(u.nickname, ''), u.username) from ${users} u where u.id = ${qualified(organizations.ownerId)})`,
    member_count: sql<number>`(select count(*)::int from ${orgMembers} m where m.org_id = ${qualified(organizations.id)})`,
  },
  hooks: {
    async beforeAdd(ctx, _exec, _input, values) {
      values.inviteCode = randomBytes(6).toString('hex').toUpperCase();
      values.ownerId = ctx.user().userId;
    },
    async afterAdd(ctx, exec, id) {
      await exec.insert(orgMembers).values({ orgId: id, userId: ctx.user().userId }).onConflictDoNothing();
    },
    async guard(_ctx, _exec, id, operation) {
      if (id === PLATFORM_ORG_ID && (operation === 'remove' || operation === 'disable')) {
        throw new AppError(Code.CONFLICT, 'validation.platformOrg', 'id');
      }
    },
    /** Members working in it fall back to no current organisation; roles, memberships and its rows go with it. */
    async beforeRemove(_ctx, exec, id) {
      await exec.update(users).set({ currentOrgId: null }).where(eq(users.currentOrgId, id));
    },
  },
});
