import { and, eq, sql, type SQL } from 'drizzle-orm';
import { Code, isPlatformAdmin, userResource } from '@gx/contract';
import { orgMembers, userRoles, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { hashPasswordMd5 } from '../../auth/password';
import { revokeSessionsOf } from '../../auth/session';
import { assertHoldsUser } from '../../auth/holdings';
import { defineResource } from '../../resources/define';
import { isPlatformOperator } from '../../resources/scope';
import type { Input, WireRow } from '../../resources/types';
import { leaveOrganization, memberOf, otherMemberships } from './membership';

/**
 * Accounts of the caller's organisation. An account may belong to several organisations: each manages its
 * membership and roles; account-wide changes (profile, password, enable/disable) are left to platform staff
 * when the account is shared, so one tenant cannot lock another tenant's people out.
 */

/** Roles the users hold in the caller's current organisation. */
/** A user row's roles in the caller's organisation, ascending (the console compares them with the form's). */
export function roleIdsOfRow(ctx: RequestContext): SQL {
  return sql`array(select ${userRoles.roleId} from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.orgId} = ${ctx.orgId()} order by 1)`;
}

const PROFILE_FIELDS = ['nickname', 'cellphone', 'email', 'sex', 'company_name'];
const ACCOUNT_ACTIONS = new Set(['enable', 'disable', 'reset_password']);

/**
 * The platform administrator (user 1) is changed only by itself and only in its profile; the other platform
 * administrators only by platform administrators; nobody disables, removes or resets their own account here.
 * Enabling an account hands its roles back to it, like enabling a role: only someone holding all they grant may.
 */
async function guardUser(ctx: RequestContext, exec: Executor, id: number, operation: string, input: Input): Promise<void> {
  const me = ctx.user();
  const touchesProfile = PROFILE_FIELDS.some((f) => input[f] !== undefined);
  if (id === 1 && (me.userId !== 1 || operation !== 'update')) throw new AppError(Code.FORBIDDEN, 'validation.protectedUser');
  if (isPlatformAdmin(id) && !me.isAdmin) throw new AppError(Code.FORBIDDEN, 'validation.protectedUser');
  if (id === me.userId && operation !== 'update') throw new AppError(Code.FORBIDDEN, 'validation.selfAction');
  const accountWide = ACCOUNT_ACTIONS.has(operation) || (operation === 'update' && touchesProfile);
  if (accountWide && !isPlatformOperator(me) && (await otherMemberships(exec, id, ctx.orgId())) > 0) {
    throw new AppError(Code.FORBIDDEN, 'validation.sharedAccount');
  }
  if (operation === 'enable') await assertHoldsUser(exec, me, id, ctx.orgId(), 'id');
}

/** Import hashes every password at once (scrypt is slow on purpose); add falls back to hashing its one. */
const prehashed = new WeakMap<Input, string>();

export const userBinding = defineResource({
  decl: userResource,
  table: users,
  tenant: { kind: 'custom', where: (orgId) => memberOf(users.id, orgId) },
  virtual: {
    role_ids: {
      select: roleIdsOfRow,
      holding: (roleId) => sql`${users.id} in (select ${userRoles.userId} from ${userRoles} where ${userRoles.roleId} = ${roleId})`,
      async save(exec, id, value, ctx) {
        const orgId = ctx.orgId();
        await exec.delete(userRoles).where(and(eq(userRoles.userId, id), eq(userRoles.orgId, orgId)));
        const roleIds = value as number[];
        if (roleIds.length) await exec.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, orgId, roleId })));
      },
    },
  },
  hooks: {
    guard: (ctx, exec, id, operation, _before: WireRow, input) => guardUser(ctx, exec, id, operation, input),
    async prepareAdds(_ctx, inputs) {
      await Promise.all(inputs.map(async (i) => prehashed.set(i, await hashPasswordMd5(String(i.password)))));
    },
    async beforeAdd(ctx, _exec, input, values) {
      values.passwordHash = prehashed.get(input) ?? (await hashPasswordMd5(String(input.password)));
      values.currentOrgId = ctx.orgId();
    },
    async afterAdd(ctx, exec, id) {
      await exec.insert(orgMembers).values({ orgId: ctx.orgId(), userId: id });
    },
    /** Removing a user takes it out of this organisation; the account stays for its other organisations. */
    remove: (ctx, exec, id) => leaveOrganization(exec, ctx.orgId(), id),
    async afterTransition(ctx, exec, id, action) {
      if (action === 'disable') await revokeSessionsOf(exec, id, 'disabled', ctx.services.now());
    },
  },
  actions: {
    /** Sets a new password (MD5 from the administrator's form) and signs the user out everywhere (1005). */
    async reset_password(ctx, exec, id, input) {
      const passwordHash = await hashPasswordMd5(String(input.password));
      await exec.update(users).set({ passwordHash, updatedAt: ctx.services.now() }).where(eq(users.id, id));
      await revokeSessionsOf(exec, id, 'password_changed', ctx.services.now());
    },
  },
});
