import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { Code, isPlatformAdmin, type resignationSuccessionBody, type SuccessionAnswer } from '@gx/contract';
import { orgMembers, users, userRoles } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError, fail } from '../../http/errors';
import { revokeSessionsOf } from '../../auth/session';
import { assertHolds, isOrganizationOwner, roleIdsHeldBy } from '../../auth/holdings';
import { successionTransfers } from './successionTransfers';
import { leaveOrganization } from '../system/membership';

async function enabledMember(ctx: RequestContext, orgId: number, userId: number, field: string) {
  const [row] = await ctx.db
    .select({ id: users.id, status: users.status, currentOrgId: users.currentOrgId })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)))
    .limit(1);
  if (!row || row.status !== 1) throw new AppError(Code.NOT_FOUND, undefined, field);
  return row;
}

/**
 * Resignation handover (SPEC §2): within the caller's current organisation, the leaver's roles and owned records go
 * to the inheritor, the leaver's membership ends and every session of the leaver is revoked. The account itself is
 * disabled only when it belongs to no other organisation: one tenant must not switch off a person another tenant
 * still employs. Platform administrator accounts are never handed over this way.
 *
 * Who may: holders of `system.user.succession` in the organisation (its owner and platform administrators hold
 * every key). Since the inheritor gains the leaver's roles, it is never the caller, the leaver is never the
 * organisation's owner (ownership changes hands by its own, owner-only action), and the leaver holds nothing the
 * caller does not hold: otherwise a handover would be a way to grant oneself or a friend more than one has.
 */
export async function resignationSuccession(ctx: RequestContext, input: z.output<typeof resignationSuccessionBody>): Promise<SuccessionAnswer> {
  const p = ctx.user();
  const orgId = ctx.orgId();
  if (input.quit_id === input.inherit_id) throw fail.validation('inherit_id', 'validation.successionSame');
  if (input.quit_id === p.userId) throw fail.validation('quit_id', 'validation.successionSelf');
  if (input.inherit_id === p.userId) throw new AppError(Code.FORBIDDEN, 'validation.successionInheritSelf', 'inherit_id');
  const leaver = await enabledMember(ctx, orgId, input.quit_id, 'quit_id');
  await enabledMember(ctx, orgId, input.inherit_id, 'inherit_id');
  if (isPlatformAdmin(leaver.id)) throw fail.forbidden();
  if (await isOrganizationOwner(ctx.db, leaver.id, orgId)) throw new AppError(Code.FORBIDDEN, 'validation.successionOwner', 'quit_id');
  await assertHolds(ctx.db, p, 'roles', await roleIdsHeldBy(ctx.db, leaver.id, orgId), 'quit_id');

  const now = ctx.services.now();
  const scope = { orgId, fromUserId: leaver.id, toUserId: input.inherit_id };
  const leaverRoles = await ctx.db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, leaver.id), eq(userRoles.orgId, orgId)));
  if (leaverRoles.length) {
    await ctx.db.insert(userRoles).values(leaverRoles.map((r) => ({ userId: input.inherit_id, orgId, roleId: r.roleId }))).onConflictDoNothing();
  }
  const moved: Record<string, number> = {};
  for (const [kind, transfer] of Object.entries(successionTransfers)) moved[kind] = await transfer(ctx.db, scope);

  // Membership, roles and manager designation end together, the way every departure from an organisation does.
  await leaveOrganization(ctx.db, orgId, leaver.id);
  const [other] = await ctx.db.select({ orgId: orgMembers.orgId }).from(orgMembers).where(eq(orgMembers.userId, leaver.id)).orderBy(asc(orgMembers.orgId)).limit(1);
  const disabled = !other;
  await ctx.db
    .update(users)
    .set({
      ...(disabled ? { status: 0 } : {}),
      ...(leaver.currentOrgId === orgId ? { currentOrgId: other?.orgId ?? null } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, leaver.id));
  await revokeSessionsOf(ctx.db, leaver.id, disabled ? 'disabled' : 'succession', now);
  const result: SuccessionAnswer = { roles: leaverRoles.length, moved, disabled };
  await ctx.audit(ctx.db, { target: leaver.id, before: { quit_id: leaver.id, org: orgId }, after: { inherit_id: input.inherit_id, ...result } });
  return result;
}
