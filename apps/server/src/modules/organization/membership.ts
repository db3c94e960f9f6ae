import { and, asc, eq } from 'drizzle-orm';
import type { OrganizationOption } from '@gx/contract';
import type { Executor } from '../../db/client';
import { organizations, orgMembers } from '../../db/schema';

/** Organisations the user belongs to, active ones only, by id. */
export async function organizationsOf(exec: Executor, userId: number): Promise<(OrganizationOption & { ownerId: number | null; inviteCode: string; inviteExpiresAt: Date })[]> {
  return exec
    .select({ id: organizations.id, name: organizations.name, ownerId: organizations.ownerId, inviteCode: organizations.inviteCode, inviteExpiresAt: organizations.inviteExpiresAt })
    .from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .where(and(eq(orgMembers.userId, userId), eq(organizations.status, 1)))
    .orderBy(asc(organizations.id));
}

export async function isMember(exec: Executor, orgId: number, userId: number): Promise<boolean> {
  const [row] = await exec
    .select({ userId: orgMembers.userId })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)))
    .limit(1);
  return Boolean(row);
}
