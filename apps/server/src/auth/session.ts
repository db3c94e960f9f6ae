import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { ADMIN_ID_MAX, Code, isPlatformAdmin } from '@gx/contract';
import type { Executor } from '../db/client';
import { buttons, organizations, roleButtons, roles, sessions, userRoles, users } from '../db/schema';
import { AppError } from '../http/errors';
import type { Principal } from '../http/context';
import { hashToken, newToken } from './token';

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

/** What decides a bearer token's caller, read in one round trip: session, account, organisation, permission keys. */
export interface SessionRecord {
  sessionId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  lastSeenAt: Date;
  userId: number;
  username: string;
  nickname: string;
  status: number;
  orgId: number | null;
  sessionOrgId: number | null;
  orgStatus: number | null;
  /** Button/permission keys the user holds in its current organisation (every key for platform administrators). */
  keys: string[];
}

export async function readSession(exec: Executor, tokenHash: string): Promise<SessionRecord | undefined> {
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
      keys: sql<string[]>`case when ${users.id} between 1 and ${ADMIN_ID_MAX} then array(select ${buttons.key} from ${buttons})
        else array(select distinct ${buttons.key} from ${userRoles}
          join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.status} = 1
          join ${roleButtons} on ${roleButtons.roleId} = ${userRoles.roleId}
          join ${buttons} on ${buttons.id} = ${roleButtons.buttonId}
          where ${userRoles.userId} = ${users.id} and ${userRoles.orgId} = ${users.currentOrgId}) end`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.currentOrgId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Unknown token 1002, expired 1004, revoked, account disabled or current organisation disabled 1005. */
export function checkSession(row: SessionRecord | undefined, now: Date): SessionRecord {
  if (!row) throw new AppError(Code.NOT_LOGGED_IN);
  if (row.revokedAt || row.status !== 1 || (row.orgStatus !== null && row.orgStatus !== 1)) throw new AppError(Code.SESSION_REVOKED);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(Code.SESSION_EXPIRED);
  return row;
}

/**
 * Slides the expiry at most once a minute, so reads do not turn into a write per request; the session follows the
 * user's current organisation, whichever path changed it (switch, join, departure). Updates `row` in place.
 */
export async function touchSession(exec: Executor, row: SessionRecord, now: Date, ttlSeconds: number): Promise<void> {
  const orgMoved = row.sessionOrgId !== row.orgId;
  if (!orgMoved && now.getTime() - row.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return;
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  // org_id is written only when it moved: writing it wakes every instance's session cache (0035_auth_changed).
  await exec
    .update(sessions)
    .set(orgMoved ? { lastSeenAt: now, expiresAt, orgId: row.orgId } : { lastSeenAt: now, expiresAt })
    .where(eq(sessions.id, row.sessionId));
  row.lastSeenAt = now;
  row.expiresAt = expiresAt;
  row.sessionOrgId = row.orgId;
}

export function principalOf(row: SessionRecord): Principal {
  return {
    userId: row.userId,
    username: row.username,
    nickname: row.nickname,
    sessionId: row.sessionId,
    orgId: row.orgId,
    isAdmin: isPlatformAdmin(row.userId),
    permissionKeys: new Set(row.keys),
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
