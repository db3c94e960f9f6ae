import { eq, inArray, sql } from 'drizzle-orm';
import { Code } from '@gx/contract';
import type { Executor } from '../db/client';
import { loginFailures } from '../db/schema';
import { AppError } from '../http/errors';

export interface ThrottleLimits { windowSeconds: number; maxPerUser: number; maxPerIp: number }

/**
 * Failure counters per key within a window, in the database so every instance shares them. Sign-in counts per
 * username and per IP; joining an organisation by code per user and per IP, under keys of its own.
 */
export interface Counter { key: string; max: number }

const userKey = (username: string) => `u:${username.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

function loginCounters(username: string, ip: string, limits: ThrottleLimits): Counter[] {
  return [{ key: userKey(username), max: limits.maxPerUser }, { key: ipKey(ip), max: limits.maxPerIp }];
}

/** Refuses with 1010 (and `retryAfter` seconds) while any counter has reached its maximum within the window. */
export async function assertCountersBelow(exec: Executor, counters: Counter[], now: Date, windowSeconds: number): Promise<void> {
  const rows = await exec.select().from(loginFailures).where(inArray(loginFailures.key, counters.map((c) => c.key)));
  const windowStart = now.getTime() - windowSeconds * 1000;
  for (const r of rows) {
    if (r.windowStart.getTime() < windowStart) continue;
    const max = counters.find((c) => c.key === r.key)?.max ?? Infinity;
    if (r.count >= max) {
      const retryAfter = Math.ceil((r.windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000);
      throw new AppError(Code.TOO_MANY_ATTEMPTS, undefined, undefined, { retryAfter });
    }
  }
}

/** Counts a failure on every counter; a counter whose window has passed starts again at 1. */
export async function countFailure(exec: Executor, counters: Counter[], now: Date, windowSeconds: number): Promise<void> {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const nowIso = now.toISOString();
  for (const { key } of counters) {
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

export async function clearCounter(exec: Executor, key: string): Promise<void> {
  await exec.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Refuses a login attempt when the username or the IP has failed too often within the window. */
export async function assertNotThrottled(exec: Executor, username: string, ip: string, now: Date, limits: ThrottleLimits): Promise<void> {
  await assertCountersBelow(exec, loginCounters(username, ip, limits), now, limits.windowSeconds);
}

export async function recordFailure(exec: Executor, username: string, ip: string, now: Date, limits: ThrottleLimits): Promise<void> {
  await countFailure(exec, loginCounters(username, ip, limits), now, limits.windowSeconds);
}

export async function clearFailures(exec: Executor, username: string): Promise<void> {
  await clearCounter(exec, userKey(username));
}
