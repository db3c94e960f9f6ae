import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Code, type NotificationAudience } from '@gx/contract';
import { notifications, notificationTargets, organizations, orgMembers, users } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError, fail } from '../../http/errors';

export interface Targets {
  type: 'org' | 'user';
  ids: number[];
}

/**
 * Who an author may address. Everyone: platform administrators only. Organisations: platform administrators any,
 * others only their current one. Users: platform administrators any user, others members of their current
 * organisation. An id outside that answers NOT_FOUND (field `targets`), as if it did not exist.
 */
export async function checkedTargets(ctx: RequestContext, audience: NotificationAudience, requested: number[]): Promise<Targets | null> {
  const p = ctx.user();
  const orgId = ctx.orgId();
  if (audience === 'all') {
    if (!p.isAdmin) throw fail.forbidden('validation.audienceAll');
    return null;
  }
  const ids = [...new Set(requested)];
  if (ids.length === 0) throw fail.validation('targets', 'validation.targetsRequired');
  let found: number;
  if (audience === 'orgs') {
    const rows = p.isAdmin
      ? await ctx.db.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, ids))
      : ids.filter((id) => id === orgId).map((id) => ({ id }));
    found = rows.length;
  } else {
    const rows = p.isAdmin
      ? await ctx.db.select({ id: users.id }).from(users).where(inArray(users.id, ids))
      : await ctx.db.select({ id: orgMembers.userId }).from(orgMembers).where(and(eq(orgMembers.orgId, orgId), inArray(orgMembers.userId, ids)));
    found = rows.length;
  }
  if (found !== ids.length) throw new AppError(Code.NOT_FOUND, undefined, 'targets');
  return { type: audience === 'orgs' ? 'org' : 'user', ids };
}

/**
 * The notifications that reach a user now: published, not expired, and addressed to everyone, to the user, or to
 * an organisation the user belongs to (any of them, not only the current one, so the bell counts everything).
 */
export function reachesUser(userId: number, now: Date): SQL {
  const addressed = sql`exists (select 1 from ${notificationTargets} t where t.notification_id = ${notifications.id} and (
    (t.target_type = 'user' and t.target_id = ${userId})
    or (t.target_type = 'org' and t.target_id in (select m.org_id from ${orgMembers} m where m.user_id = ${userId}))
  ))`;
  const live = and(eq(notifications.status, 1), or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now)));
  return and(live, or(eq(notifications.audience, 'all'), addressed)) as SQL;
}
