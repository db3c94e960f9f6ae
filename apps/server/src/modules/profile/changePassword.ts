import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { Code, type changePasswordBody } from '@gx/contract';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError, fail } from '../../http/errors';
import { hashPasswordMd5, verifyPasswordMd5 } from '../../auth/password';
import { assertNotThrottled, clearFailures, recordFailure } from '../../auth/throttle';
import { revokeSessionsOf } from '../../auth/session';

/**
 * SPEC §5 change password. Both passwords arrive as MD5 hex, so the format rules are the console's to check; the
 * server checks the original and that the new one differs. Wrong originals count as failed logins of the account
 * (a stolen session must not become a password-guessing oracle), which is why this runs outside the endpoint's
 * transaction: the failure count must survive the refusal.
 */
export async function changePassword(ctx: RequestContext, input: z.output<typeof changePasswordBody>): Promise<null> {
  const p = ctx.user();
  if (input.id !== p.userId) throw fail.notFound();
  const now = ctx.services.now();
  await assertNotThrottled(ctx.db, p.username, ctx.ip, now, ctx.config.throttle);
  const [u] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, p.userId)).limit(1);
  if (!u) throw new AppError(Code.NOT_LOGGED_IN);
  if (!(await verifyPasswordMd5(input.password, u.passwordHash))) {
    await recordFailure(ctx.db, p.username, ctx.ip, now, ctx.config.throttle);
    throw new AppError(Code.BAD_CREDENTIALS, 'validation.oldPasswordWrong', 'password');
  }
  if (input.new_password === input.password) throw fail.validation('new_password', 'validation.samePassword');
  const hash = await hashPasswordMd5(input.new_password);
  await ctx.db.transaction(async (tx) => {
    const exec = tx as unknown as Executor;
    await exec.update(users).set({ passwordHash: hash, updatedAt: now }).where(eq(users.id, p.userId));
    // Every other session ends (they answer 1005); the one that changed the password carries on.
    await revokeSessionsOf(exec, p.userId, 'password_changed', now, p.sessionId);
    await clearFailures(exec, p.username);
    await ctx.audit(exec, { target: p.userId, after: { password: 'changed' } });
  });
  return null;
}
