import { eq, inArray, sql } from 'drizzle-orm';
import { Code } from '@gx/contract';
import type { Executor } from '../db/client';
import { loginFailures } from '../db/schema';
import { AppError } from '../http/errors';

export interface ThrottleLimits { windowSeconds: number; maxPerUser: number; maxPerIp: number }

const userKey = (username: string) => `u:${username.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Refuses a login attempt when the username or the IP has failed too often within the window. */
export async function assertNotThrottled(exec: Executor, username: string, ip: string, now: Date, limits: ThrottleLimits): Promise<void> {
  const rows = await exec.select().from(loginFailures).where(inArray(loginFailures.key, [userKey(username), ipKey(ip)]));
  const windowStart = now.getTime() - limits.windowSeconds * 1000;
  for (const r of rows) {
    if (r.windowStart.getTime() < windowStart) continue;
    const max = r.key.startsWith('u:') ? limits.maxPerUser : limits.maxPerIp;
    if (r.count >= max) {
      const retryAfter = Math.ceil((r.windowStart.getTime() + limits.windowSeconds * 1000 - now.getTime()) / 1000);
      throw new AppError(Code.TOO_MANY_ATTEMPTS, undefined, undefined, { retryAfter });
    }
  }
}

/** Counts a failure for both keys; a counter whose window has passed starts again at 1. */
export async function recordFailure(exec: Executor, username: string, ip: string, now: Date, limits: ThrottleLimits): Promise<void> {
  const windowStart = new Date(now.getTime() - limits.windowSeconds * 1000).toISOString();
  const nowIso = now.toISOString();
  for (const key of [userKey(username), ipKey(ip)]) {
    await exec
      .insert(loginFailures)
      .values({ key, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${loginFailures.windowStart} < ${windowStart}::timestamptz then 1 else ${loginFailures.count} + 1 end`,
          windowStart: sql`case when ${loginFailures.windowStart} < ${windowStart}::timestamptz then ${nowIso}::timestamptz else ${loginFailures.windowStart} end`,
        },
      });
  }
}

export async function clearFailures(exec: Executor, username: string): Promise<void> {
  await exec.delete(loginFailures).where(eq(loginFailures.key, userKey(username)));
}
