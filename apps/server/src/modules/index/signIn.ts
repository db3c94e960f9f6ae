import { asc, eq } from 'drizzle-orm';
import { Code, type LoginAnswer } from '@gx/contract';
import { organizations, orgMembers, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { clearFailures } from '../../auth/throttle';
import { createSession, moveSessionsTo } from '../../auth/session';
import { writeOperationLog } from '../../audit/operationLog';

/**
 * The organisation a sign-in works in: the current one while it is enabled, else the first enabled organisation the
 * user belongs to. Someone whose every organisation is disabled is refused (1016); someone who belongs to none yet
 * signs in without one, to join or create one.
 */
async function landingOrganization(exec: Executor, userId: number, currentOrgId: number | null): Promise<number | null> {
  const [current] = currentOrgId === null ? [] : await exec.select({ status: organizations.status }).from(organizations).where(eq(organizations.id, currentOrgId));
  if (current?.status === 1) return currentOrgId;
  const mine = await exec.select({ id: organizations.id, status: organizations.status }).from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .where(eq(orgMembers.userId, userId)).orderBy(asc(organizations.id));
  const active = mine.find((o) => o.status === 1);
  if (active) return active.id;
  if (mine.length || current) throw new AppError(Code.ORGANIZATION_DISABLED);
  return null;
}

export interface SigningIn { id: number; username: string; status: number; currentOrgId: number | null }

/**
 * Signs an account in, the one way every sign-in does (password, registration, WeChat): a disabled account is
 * refused (1015), the landing organisation chosen, the username's failure counter cleared, a session created, the
 * sign-in recorded on the account and in the operation log (`how`: password, register, wechat). Run it in the
 * transaction that made the account or the binding, so the session exists only when they do.
 */
export async function signIn(ctx: RequestContext, exec: Executor, user: SigningIn, how: string): Promise<LoginAnswer> {
  if (user.status !== 1) throw new AppError(Code.ACCOUNT_DISABLED);
  const now = ctx.services.now();
  const orgId = await landingOrganization(exec, user.id, user.currentOrgId);
  await clearFailures(exec, user.username);
  const session = await createSession(exec, user.id, {
    ip: ctx.ip, userAgent: ctx.req.headers['user-agent'] ?? '', now, ttlSeconds: ctx.config.sessionTtlSeconds, orgId,
  });
  await exec.update(users).set({ lastLoginAt: now, lastLoginIp: ctx.ip, currentOrgId: orgId }).where(eq(users.id, user.id));
  if (orgId !== user.currentOrgId) await moveSessionsTo(exec, user.id, orgId);
  await writeOperationLog(exec, {
    userId: user.id, username: user.username, orgId, ip: ctx.ip, action: 'login',
    target: user.id, after: how === 'password' ? { sessionId: session.sessionId } : { sessionId: session.sessionId, how }, requestId: ctx.requestId,
  });
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}
