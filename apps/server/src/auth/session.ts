import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { Code, isPlatformAdmin } from '@gx/contract';
import type { Executor } from '../db/client';
import { organizations, sessions, users } from '../db/schema';
import { AppError } from '../http/errors';
import type { Principal } from '../http/context';
import { hashToken, newToken } from './token';

// Sliding expiry is refreshed at most this often, so reads do not turn into a write per request.
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  exec: Executor,
  userId: number,
  meta: { ip: string; userAgent: string; now: Date; ttlSeconds: number; orgId: number | null },
): Promise<{ token: string; expiresAt: Date; sessionId: number }> {
  const token = newToken();
  const expiresAt = new Date(meta.now.getTime() + meta.ttlSeconds * 1000);
  const [row] = await exec
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, orgId: meta.orgId, ip: meta.ip, userAgent: meta.userAgent.slice(0, 512), createdAt: meta.now, lastSeenAt: meta.now, expiresAt })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { token, expiresAt, sessionId: row.id };
}

/**
 * Token → caller. Unknown token 1002, expired 1004, revoked, account disabled or current organisation disabled 1005.
 * The organisation's status comes with the session read, so a disabled tenant is shut out on the next call.
 */
export async function resolveSession(exec: Executor, token: string, now: Date, ttlSeconds: number): Promise<Principal> {
  const [row] = await exec
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      username: users.username,
      nickname: users.nickname,
      status: users.status,
      orgId: users.currentOrgId,
      sessionOrgId: sessions.orgId,
      orgStatus: organizations.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.currentOrgId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new AppError(Code.NOT_LOGGED_IN);
  if (row.revokedAt || row.status !== 1 || (row.orgStatus !== null && row.orgStatus !== 1)) throw new AppError(Code.SESSION_REVOKED);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(Code.SESSION_EXPIRED);
  // The session follows the user's current organisation, whichever path changed it (switch, join, departure).
  const orgMoved = row.sessionOrgId !== row.orgId;
  if (orgMoved || now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await exec
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlSeconds * 1000), orgId: row.orgId })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    userId: row.userId,
    username: row.username,
    nickname: row.nickname,
    sessionId: row.sessionId,
    orgId: row.orgId,
    isAdmin: isPlatformAdmin(row.userId),
  };
}

export async function revokeSession(exec: Executor, sessionId: number, reason: string, now: Date): Promise<void> {
  await exec.update(sessions).set({ revokedAt: now, revokedReason: reason }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Signs a user out everywhere (password changed, account disabled), optionally keeping the current session. */
export async function revokeSessionsOf(exec: Executor, userId: number, reason: string, now: Date, keepSessionId?: number): Promise<void> {
  const cond = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) cond.push(ne(sessions.id, keepSessionId));
  await exec.update(sessions).set({ revokedAt: now, revokedReason: reason }).where(and(...cond));
}

/** The user's open sessions now work in this organisation (sessions follow the user's current one). */
export async function moveSessionsTo(exec: Executor, userId: number, orgId: number | null): Promise<void> {
  await exec.update(sessions).set({ orgId }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends every open session working in the organisation (it was disabled): each answers 1005 on its next call. */
export async function revokeSessionsIn(exec: Executor, orgId: number, reason: string, now: Date): Promise<void> {
  await exec.update(sessions).set({ revokedAt: now, revokedReason: reason }).where(and(
    isNull(sessions.revokedAt),
    or(eq(sessions.orgId, orgId), sql`${sessions.userId} in (select u.id from ${users} u where u.current_org_id = ${orgId})`),
  ));
}
