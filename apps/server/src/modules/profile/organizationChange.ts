import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrganizationOption, organizationChangeBody } from '@gx/contract';
import { organizations, orgMembers, users } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { fail } from '../../http/errors';
import { moveSessionsTo } from '../../auth/session';

/**
 * Switch the current organisation (SPEC §4: code 200 → the console reloads). Only organisations the user belongs
 * to; any other id answers NOT_FOUND. Every session of the user follows, since sessions read the user's current one.
 */
export async function changeOrganization(ctx: RequestContext, input: z.output<typeof organizationChangeBody>): Promise<OrganizationOption> {
  const p = ctx.user();
  const [org] = await ctx.db
    .select({ id: organizations.id, name: organizations.name })
    .from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .where(and(eq(orgMembers.userId, p.userId), eq(orgMembers.orgId, input.id), eq(organizations.status, 1)))
    .limit(1);
  if (!org) throw fail.notFound();
  await ctx.db.update(users).set({ currentOrgId: org.id, updatedAt: ctx.services.now() }).where(eq(users.id, p.userId));
  await moveSessionsTo(ctx.db, p.userId, org.id);
  await ctx.audit(ctx.db, { target: p.userId, before: { org: p.orgId }, after: { org: org.id } });
  return org;
}
