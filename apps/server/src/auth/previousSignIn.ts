import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sessions } from '../db/schema';

/**
 * A user's sign-in before the current session (time and address), or null for a first sign-in. "Last sign-in"
 * shown to the user means this one: the user's own latest sign-in is always the session they are using.
 */
export async function previousSignIn(exec: Executor, userId: number, sessionId: number): Promise<{ at: Date; ip: string } | null> {
  const [row] = await exec.select({ at: sessions.createdAt, ip: sessions.ip }).from(sessions)
    .where(and(eq(sessions.userId, userId), lt(sessions.id, sessionId))).orderBy(desc(sessions.id)).limit(1);
  return row ?? null;
}
