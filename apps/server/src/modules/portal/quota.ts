import { and, eq, gt, gte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { portalGuestSessions } from '../../db/schema';
import { accessListOf } from '../business/accessList';
import { svipBonusMinutes } from '../business/svipTime';

/** A megabyte of the daily traffic quota (decimal, as operators and tariffs count). */
export const QUOTA_MB = 1_000_000;

/** Who a daily quota belongs to: the phone, openid or voucher signed in with; one-click guests have only their MAC. */
export interface QuotaUser { orgId: number; kind: string; identity: string; mac: string }

/** The quota settings that matter here (portal settings columns). */
export interface QuotaSettings { dailyMb: number; dailyMinutes: number }

export interface Usage { bytes: number; minutes: number }

/** The start of the UTC day: quotas are per UTC day (README). */
export const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

const sameUser = (u: QuotaUser) => and(
  eq(portalGuestSessions.orgId, u.orgId), eq(portalGuestSessions.kind, u.kind),
  u.identity ? eq(portalGuestSessions.identity, u.identity) : and(eq(portalGuestSessions.identity, ''), eq(portalGuestSessions.mac, u.mac)),
);

/**
 * What a user used today over all their sessions: minutes online since midnight (an open session counts up to now,
 * an ended one to its end), and the bytes of the sessions started today (a gateway reports bytes per session, not
 * per day, so a session's traffic counts toward the day it started).
 */
export async function usageToday(exec: Executor, u: QuotaUser, now: Date): Promise<Usage> {
  const from = dayStart(now);
  const nowIso = now.toISOString();
  const fromIso = from.toISOString();
  const s = portalGuestSessions;
  const end = sql`least(coalesce(${s.endedAt}, ${nowIso}::timestamptz), ${s.expiresAt}, ${nowIso}::timestamptz)`;
  const [row] = await exec.select({
    bytes: sql<string>`coalesce(sum(case when ${s.startedAt} >= ${fromIso}::timestamptz then ${s.incoming} + ${s.outgoing} else 0 end), 0)::text`,
    seconds: sql<string>`coalesce(sum(greatest(0, extract(epoch from ${end} - greatest(${s.startedAt}, ${fromIso}::timestamptz)))), 0)::text`,
  }).from(s).where(and(sameUser(u), or(gte(s.startedAt, from), sql`coalesce(${s.endedAt}, ${s.expiresAt}) > ${fromIso}::timestamptz`)));
  return { bytes: Number(row?.bytes ?? 0), minutes: Number(row?.seconds ?? 0) / 60 };
}

/**
 * The quota as it applies to this user: a daily time quota grows by the user's SVIP bonus (business area, the largest
 * valid grant for their phone or MAC); no time quota stays none.
 */
export async function quotaFor<Q extends QuotaSettings>(exec: Executor, u: QuotaUser, q: Q, now: Date): Promise<Q> {
  if (q.dailyMinutes <= 0) return q;
  const bonus = await svipBonusMinutes(exec, u.orgId, { phone: u.kind === 'sms' ? u.identity : '', mac: u.mac }, now);
  return bonus > 0 ? { ...q, dailyMinutes: q.dailyMinutes + bonus } : q;
}

/** Whether a day's usage has reached either quota (0 = none). */
export function quotaReached(q: QuotaSettings, used: Usage): boolean {
  return (q.dailyMb > 0 && used.bytes >= q.dailyMb * QUOTA_MB) || (q.dailyMinutes > 0 && used.minutes >= q.dailyMinutes);
}

/** Minutes a new session may last today: the session length, cut to what is left of the daily time quota. */
export function minutesLeft(q: QuotaSettings, sessionMinutes: number, used: Usage): number {
  if (q.dailyMinutes <= 0) return sessionMinutes;
  return Math.max(0, Math.min(sessionMinutes, Math.floor(q.dailyMinutes - used.minutes)));
}

/**
 * Ends an active session whose user has reached a quota (state `quota`); answers whether it ended it. Conditional on
 * the state, so a kick or logout that lands meanwhile keeps its own ending.
 */
export async function endIfOverQuota(exec: Executor, session: QuotaUser & { id: number }, q: QuotaSettings, now: Date): Promise<boolean> {
  // Whitelisted devices are the organisation's own: no quota applies to them.
  if ((q.dailyMb <= 0 && q.dailyMinutes <= 0) || session.kind === 'whitelist') return false;
  // Nor to the terminals and phones of the organisation's white list (business area).
  if (await accessListOf(exec, session.orgId, { mac: session.mac, phone: session.kind === 'sms' ? session.identity : '' }, now) === 'white') return false;
  if (!quotaReached(await quotaFor(exec, session, q, now), await usageToday(exec, session, now))) return false;
  const ended = await exec.update(portalGuestSessions).set({ state: 'quota', endedAt: now })
    .where(and(eq(portalGuestSessions.id, session.id), eq(portalGuestSessions.state, 'active'))).returning({ id: portalGuestSessions.id });
  return ended.length > 0;
}

/**
 * Whether the user already has as many other devices online as the settings allow (`max_devices`, 0 = no limit);
 * one-click guests are each their own device, so the limit is for identities (phone, openid, voucher).
 */
export async function deviceLimitReached(exec: Executor, u: QuotaUser, maxDevices: number, now: Date): Promise<boolean> {
  if (maxDevices <= 0 || !u.identity) return false;
  const s = portalGuestSessions;
  const [row] = await exec.select({ n: sql<number>`count(distinct ${s.mac})::int` }).from(s).where(and(
    sameUser(u), eq(s.state, 'active'), gt(s.expiresAt, now), ne(s.mac, u.mac),
  ));
  return Number(row?.n ?? 0) >= maxDevices;
}

/**
 * The counters of a gateway's report as columns: each keeps the larger of stored and reported bytes (a repeated or
 * reordered report changes nothing), and `active_at` moves to now when either grew — what the idle timeout reads.
 */
export function countersUpdate(incoming: number | undefined, outgoing: number | undefined, now: Date) {
  const s = portalGuestSessions;
  const grew = [
    ...(incoming !== undefined ? [sql`${incoming} > ${s.incoming}`] : []),
    ...(outgoing !== undefined ? [sql`${outgoing} > ${s.outgoing}`] : []),
  ];
  return {
    ...(incoming !== undefined ? { incoming: sql`greatest(${s.incoming}, ${incoming})` } : {}),
    ...(outgoing !== undefined ? { outgoing: sql`greatest(${s.outgoing}, ${outgoing})` } : {}),
    ...(grew.length ? { activeAt: sql`case when ${sql.join(grew, sql` or `)} then ${now.toISOString()}::timestamptz else ${s.activeAt} end` } : {}),
  };
}

/**
 * Ends an active session whose traffic has not grown for `idle_minutes` (state `idle`), counted from its last growth
 * or else its start; answers whether it ended it. Conditional on the state, like the quota's ending.
 */
export async function endIfIdle(exec: Executor, sessionId: number, idleMinutes: number, now: Date): Promise<boolean> {
  if (idleMinutes <= 0) return false;
  const s = portalGuestSessions;
  const since = new Date(now.getTime() - idleMinutes * 60_000).toISOString();
  const ended = await exec.update(s).set({ state: 'idle', endedAt: now })
    .where(and(eq(s.id, sessionId), eq(s.state, 'active'), sql`coalesce(${s.activeAt}, ${s.startedAt}) <= ${since}::timestamptz`))
    .returning({ id: s.id });
  return ended.length > 0;
}
