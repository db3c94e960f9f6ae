import { eq } from 'drizzle-orm';
import { CAPTCHA_COOKIE, Code } from '@gx/contract';
import type { Executor } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { consumeCaptcha } from '../../auth/captcha';
import { countFailure, type Counter } from '../../auth/throttle';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { readCookie } from '../../http/cookies';

/**
 * Limits of the public calls, in the database like the sign-in counters (every instance shares them). A query
 * page lets an IP ask a few times freely, then asks for the captcha, then refuses until the window passes; one
 * target (a serial, an agent) is refused after a number of queries from anywhere.
 */
export const PUBLIC_QUERY_LIMITS = { windowSeconds: 10 * 60, freePerIp: 5, maxPerIp: 60, maxPerTarget: 20 } as const;
/**
 * Guest sign-in: codes sent per phone and per IP a day, sign-in attempts per IP an hour; account sign-in refusals
 * per room or member (as an SMS code's 5 wrong tries) and per IP within an hour.
 */
export const WIFI_LIMITS = { sendsPerPhoneDay: 10, sendsPerIpDay: 30, loginsPerIpHour: 60, accountWrongPerId: 5, accountWrongPerIp: 20, accountWindowS: 3600 } as const;

/** How often a key was counted within the window (0 once the window has passed). */
export async function hits(exec: Executor, key: string, now: Date, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
  const [row] = await exec.select().from(loginFailures).where(eq(loginFailures.key, key));
  if (!row || row.windowStart.getTime() < now.getTime() - windowSeconds * 1000) return { count: 0, retryAfter: 0 };
  return { count: row.count, retryAfter: Math.max(1, Math.ceil((row.windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000)) };
}

/** Refuses with 1010 (and `retryAfter`) when any counter is at its maximum. */
export async function assertUnder(exec: Executor, counters: Counter[], now: Date, windowSeconds: number): Promise<void> {
  for (const c of counters) {
    const h = await hits(exec, c.key, now, windowSeconds);
    if (h.count >= c.max) throw new AppError(Code.TOO_MANY_ATTEMPTS, undefined, undefined, { retryAfter: h.retryAfter });
  }
}

/**
 * One public query: refused beyond the IP's and the target's maximum, the captcha asked for (1009 on `code`) once
 * the IP has used its free queries, then counted.
 */
export async function admitQuery(ctx: RequestContext, scope: string, target: string, captcha: string | undefined): Promise<void> {
  const now = ctx.services.now();
  const L = PUBLIC_QUERY_LIMITS;
  const ipCounter = { key: `${scope}:ip:${ctx.ip}`, max: L.maxPerIp };
  const targetCounter = { key: `${scope}:t:${target.toLowerCase()}`, max: L.maxPerTarget };
  await assertUnder(ctx.db, [ipCounter, targetCounter], now, L.windowSeconds);
  const { count } = await hits(ctx.db, ipCounter.key, now, L.windowSeconds);
  if (count >= L.freePerIp) await consumeCaptcha(ctx.db, readCookie(ctx.req, CAPTCHA_COOKIE), captcha ?? '', now);
  await countFailure(ctx.db, [ipCounter, targetCounter], now, L.windowSeconds);
}
