import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { Code, SMS_CODE_MAX_TRIES } from '@gx/contract';
import type { Executor } from '../db/client';
import { portalChallenges } from '../db/schema';
import type { RequestContext } from '../http/context';
import { AppError, fail } from '../http/errors';
import { sendSms } from '../modules/portal/send';
import { assertCountersBelow, countFailure, type Counter } from './throttle';

/**
 * Verification codes by SMS, one mechanism for every sender: the portal's guests (per organisation) and accounts
 * being registered (no organisation). Codes are 6 digits, stored hashed, single use, with a validity, a sending
 * interval, daily caps (counters like the sign-in ones) and at most SMS_CODE_MAX_TRIES wrong tries per code.
 */
export interface CodeScope {
  /** The portal's organisation; null for codes that belong to no organisation (registration). */
  orgId: number | null;
  /** What the code is for: `sms` (portal guest sign-in), `register` (a new account's phone). */
  kind: string;
  phone: string;
}

export const CODE_CAP_WINDOW_S = 24 * 3600;

// The portal's codes keep the hash they always had (organisation id first), so codes in flight survive upgrades.
const codeHash = (s: CodeScope, code: string) => createHash('sha256').update(`${s.orgId ?? s.kind}:${s.phone}:${code}`).digest('hex');

const ofScope = (s: CodeScope) => and(
  s.orgId === null ? isNull(portalChallenges.orgId) : eq(portalChallenges.orgId, s.orgId),
  eq(portalChallenges.kind, s.kind),
  eq(portalChallenges.key, s.phone),
);

/** Refuses (1010 with `retryAfter`) while a daily cap is reached or the last code is younger than the interval. */
export async function assertMaySendCode(exec: Executor, scope: CodeScope, caps: Counter[], intervalS: number, now: Date): Promise<void> {
  await assertCountersBelow(exec, caps, now, CODE_CAP_WINDOW_S);
  const [last] = await exec.select({ createdAt: portalChallenges.createdAt }).from(portalChallenges)
    .where(ofScope(scope)).orderBy(desc(portalChallenges.createdAt)).limit(1);
  const wait = last ? Math.ceil((last.createdAt.getTime() + intervalS * 1000 - now.getTime()) / 1000) : 0;
  if (wait > 0) throw new AppError(Code.TOO_MANY_ATTEMPTS, 'validation.resendWait', 'phone', { retryAfter: wait });
}

/** Counts the caps, sends a fresh code through the configured provider and keeps its hash for `validityMin`. */
export async function sendCode(
  ctx: RequestContext, scope: CodeScope,
  o: { caps: Counter[]; validityMin: number; signName: string; templateCode: string },
): Promise<void> {
  const now = ctx.services.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await countFailure(ctx.db, o.caps, now, CODE_CAP_WINDOW_S);
  const result = await sendSms(ctx.db, ctx.services.sms, scope.orgId, {
    phone: scope.phone, signName: o.signName, templateCode: o.templateCode, params: { code },
  }, now);
  if (!result.ok) {
    ctx.req.log.warn({ provider: ctx.services.sms.name, error: result.error, kind: scope.kind }, 'sms code send failed');
    throw new AppError(Code.FAILED, 'validation.smsFailed');
  }
  await ctx.db.insert(portalChallenges).values({
    orgId: scope.orgId, kind: scope.kind, key: scope.phone, codeHash: codeHash(scope, code),
    expiresAt: new Date(now.getTime() + o.validityMin * 60_000), createdAt: now,
  });
}

/**
 * Checks a typed code against the newest unused, unexpired code of the scope; a wrong one is counted (the count
 * survives the refusal: call outside the request's transaction) and the code is refused for good after the
 * maximum. Answers the code's id for `spendCode`; refusals name `field`.
 */
export async function checkCode(exec: Executor, scope: CodeScope, typed: string, now: Date, field: string): Promise<number> {
  const [challenge] = await exec.select().from(portalChallenges)
    .where(and(ofScope(scope), isNull(portalChallenges.usedAt), gt(portalChallenges.expiresAt, now)))
    .orderBy(desc(portalChallenges.createdAt)).limit(1);
  if (!challenge) throw fail.validation(field, 'validation.smsCodeWrong');
  if (challenge.tries >= SMS_CODE_MAX_TRIES) throw new AppError(Code.TOO_MANY_ATTEMPTS, 'validation.smsCodeWrong', field, { retryAfter: 0 });
  if (challenge.codeHash !== codeHash(scope, typed)) {
    await exec.update(portalChallenges).set({ tries: sql`${portalChallenges.tries} + 1` }).where(eq(portalChallenges.id, challenge.id));
    throw fail.validation(field, 'validation.smsCodeWrong');
  }
  return challenge.id;
}

/** Single use: of two concurrent uses of one code, only the one that marks it used goes through (the other: 1001). */
export async function spendCode(exec: Executor, id: number, now: Date, field: string): Promise<void> {
  const [taken] = await exec.update(portalChallenges).set({ usedAt: now })
    .where(and(eq(portalChallenges.id, id), isNull(portalChallenges.usedAt))).returning({ id: portalChallenges.id });
  if (!taken) throw fail.validation(field, 'validation.smsCodeWrong');
}
