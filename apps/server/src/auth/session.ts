import { and, eq, isNull, ne } from 'drizzle-orm';
import { Code, isPlatformAdmin } from '@gx/contract';
import type { Executor } from '../db/client';
import { sessions, users } from '../db/schema';
import { AppError } from '../http/errors';
import type { Principal } from '../http/context';
import { hashToken, newToken } from './token';

// Sliding expiry is refreshed at most this often, so reads do not turn into a write per request.
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  exec: Executor,
  userId: number,
  meta: { ip: string; userAgent: string; now: Date; ttlSeconds: number },
): Promise<{ token: string; expiresAt: Date; sessionId: number }> {
  const token = newToken();
  const expiresAt = new Date(meta.now.getTime() + meta.ttlSeconds * 1000);
  const [row] = await exec
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, ip: meta.ip, userAgent: meta.userAgent.slice(0, 512), createdAt: meta.now, lastSeenAt: meta.now, expiresAt })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { token, expiresAt, sessionId: row.id };
}

/** Token → caller. Unknown token 1002, expired 1004, revoked or account disabled 1005. */
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
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new AppError(Code.NOT_LOGGED_IN);
  if (row.revokedAt || row.status !== 1) throw new AppError(Code.SESSION_REVOKED);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(Code.SESSION_EXPIRED);
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await exec
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) })
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
