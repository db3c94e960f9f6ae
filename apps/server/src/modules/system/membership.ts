import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { organizationManagers, orgMembers, units, userRoles, users } from '../../db/schema';
import { qualified } from '../../resources/sqlRef';

/** Users belong to organisations through org_members; these helpers keep that relation and its dependents in step. */

/** Rows whose user column names a member of the organisation (users, their sessions). */
export function memberOf(userColumn: AnyPgColumn, orgId: number): SQL {
  return sql`exists (select 1 from ${orgMembers} m where m.user_id = ${qualified(userColumn)} and m.org_id = ${orgId})`;
}

/** Other organisations the user belongs to besides this one. */
export async function otherMemberships(exec: Executor, userId: number, orgId: number): Promise<number> {
  const rows = await exec.select({ orgId: orgMembers.orgId }).from(orgMembers).where(eq(orgMembers.userId, userId));
  return rows.filter((r) => r.orgId !== orgId).length;
}

/**
 * Takes a user out of an organisation: membership, roles, manager designation and the headship of its departments
 * there; its current org if it was this one.
 */
export async function leaveOrganization(exec: Executor, orgId: number, userId: number): Promise<void> {
  await exec.update(units).set({ leaderId: null }).where(and(eq(units.orgId, orgId), eq(units.leaderId, userId)));
  await exec.delete(userRoles).where(and(eq(userRoles.orgId, orgId), eq(userRoles.userId, userId)));
  await exec.delete(organizationManagers).where(and(eq(organizationManagers.orgId, orgId), eq(organizationManagers.userId, userId)));
  await exec.delete(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
  await exec.update(users).set({ currentOrgId: null }).where(and(eq(users.id, userId), eq(users.currentOrgId, orgId)));
}
