import { userNameOf } from '../../resources/readColumns';
import { eq, sql } from 'drizzle-orm';
import { Code, organizationResource, PLATFORM_ORG_ID } from '@gx/contract';
import { organizations, orgMembers, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import { revokeSessionsIn } from '../../auth/session';
import { inviteExpiry, newInviteCode } from '../organization/inviteCode';

/**
 * Organisations (tenants), administered by platform staff. The creator becomes a member, so it can switch into
 * the new organisation and set up its roles and users. The platform organisation cannot be removed or disabled.
 */
export const organizationBinding = defineResource({
  decl: organizationResource,
  table: organizations,
  tenant: { kind: 'platform' },
  columns: {
    owner_name: userNameOf(organizations.ownerId),
    member_count: sql<number>`(select count(*)::int from ${orgMembers} m where m.org_id = ${qualified(organizations.id)})`,
  },
  hooks: {
    async beforeAdd(ctx, _exec, _input, values) {
      values.inviteCode = newInviteCode();
      values.inviteExpiresAt = inviteExpiry(ctx.services.now());
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
    /**
     * A disabled organisation's sessions end at once (1005); its members sign in to another one. Its connected
     * devices are disconnected once the change is committed (and refused at their next CONNECT).
     */
    async afterTransition(ctx, exec, id, action) {
      if (action !== 'disable') return;
      await revokeSessionsIn(exec, id, 'org_disabled', ctx.services.now());
      ctx.afterCommit(() => ctx.req.server.liveBus.publish({ type: 'kick_org', org_id: id }));
    },
    /** Members working in it fall back to no current organisation; roles, memberships, devices and its rows go with it. */
    async beforeRemove(ctx, exec, id) {
      await exec.update(users).set({ currentOrgId: null }).where(eq(users.currentOrgId, id));
      ctx.afterCommit(() => ctx.req.server.liveBus.publish({ type: 'kick_org', org_id: id }));
    },
  },
});
