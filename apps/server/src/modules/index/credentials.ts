import { eq, sql } from 'drizzle-orm';
import { CAPTCHA_COOKIE, Code } from '@gx/contract';
import { users } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { readCookie } from '../../http/cookies';
import { DUMMY_HASH, verifyPasswordMd5 } from '../../auth/password';
import { assertNotThrottled, recordFailure } from '../../auth/throttle';
import { consumeCaptcha } from '../../auth/captcha';
import { writeOperationLog } from '../../audit/operationLog';

/**
 * Username, password (MD5) and captcha, checked the way sign-in checks them wherever an account is proven by its
 * password (sign-in, binding a scanned WeChat identity): throttled per username and IP, the captcha first (when on),
 * every failure counted and logged (1009, 1008). Call outside a transaction: the counters must survive the refusal.
 * Answers the account; whether it may sign in (enabled, organisation) is `signIn`'s to say.
 */
export async function checkCredentials(ctx: RequestContext, input: { username: string; password: string; code: string }) {
  const { db, services, config } = ctx;
  const now = services.now();
  const limits = config.throttle;
  await assertNotThrottled(db, input.username, ctx.ip, now, limits);
  const logFailure = async (code: number) => {
    await recordFailure(db, input.username, ctx.ip, now, limits);
    await writeOperationLog(db, {
      userId: null, username: input.username, orgId: null, ip: ctx.ip, action: 'login_failed',
      after: { code }, requestId: ctx.requestId,
    });
  };
  if (config.captcha) {
    try {
      await consumeCaptcha(db, readCookie(ctx.req, CAPTCHA_COOKIE), input.code, now);
    } catch (e) {
      await logFailure(Code.CAPTCHA_WRONG);
      throw e;
    }
  }
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.username})`, input.username.toLowerCase())).limit(1);
  const ok = await verifyPasswordMd5(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    await logFailure(Code.BAD_CREDENTIALS);
    throw new AppError(Code.BAD_CREDENTIALS);
  }
  return user;
}
