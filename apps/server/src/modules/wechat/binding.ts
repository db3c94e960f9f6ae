import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne } from 'drizzle-orm';
import { Code } from '@gx/contract';
import type { Executor } from '../../db/client';
import { wechatBindings, wechatStates } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { WechatIdentity } from '../../providers/wechat/types';

/** Long enough to scan a QR code and confirm on the phone; short enough that a leaked state is soon worthless. */
export const WECHAT_STATE_TTL_SECONDS = 600;

const stateHash = (state: string) => createHash('sha256').update(state).digest('hex');

/** What a state is for: binding WeChat to the signed-in user, or signing in with WeChat (nobody's yet). */
export type StatePurpose = { purpose: 'bind'; userId: number } | { purpose: 'login'; userId: null };

/** A fresh single-use OAuth state for its purpose (and user); expired states are swept on the way. */
export async function issueState(exec: Executor, { purpose, userId }: StatePurpose, now: Date): Promise<string> {
  await exec.delete(wechatStates).where(lt(wechatStates.expiresAt, now));
  const state = randomBytes(16).toString('hex');
  await exec.insert(wechatStates).values({
    stateHash: stateHash(state), userId, purpose, createdAt: now,
    expiresAt: new Date(now.getTime() + WECHAT_STATE_TTL_SECONDS * 1000),
  });
  return state;
}

/**
 * Deletes the state whatever happens next, so it works once; true only when it was issued for this purpose (to this
 * user) and has not expired. Another user's state is simply not valid for the caller, nor a bind state for sign-in.
 */
export async function consumeState(exec: Executor, state: string, { purpose, userId }: StatePurpose, now: Date): Promise<boolean> {
  const [row] = await exec.delete(wechatStates).where(eq(wechatStates.stateHash, stateHash(state))).returning();
  return Boolean(row && row.userId === userId && row.purpose === purpose && row.expiresAt.getTime() > now.getTime());
}

/**
 * Binds (or replaces) the user's WeChat account; an account already bound to someone else is refused (1007 naming
 * `field`: the callback's `code`, the bind page's `ticket`).
 */
export async function bindWechat(exec: Executor, userId: number, identity: WechatIdentity, now: Date, field = 'code'): Promise<{ before: string | null }> {
  const [taken] = await exec
    .select({ userId: wechatBindings.userId })
    .from(wechatBindings)
    .where(and(eq(wechatBindings.openid, identity.openid), ne(wechatBindings.userId, userId)))
    .limit(1);
  if (taken) throw new AppError(Code.CONFLICT, 'validation.wechatTaken', field);
  const [prev] = await exec.select({ nickname: wechatBindings.nickname }).from(wechatBindings).where(eq(wechatBindings.userId, userId));
  const values = { openid: identity.openid, unionid: identity.unionid, nickname: identity.nickname, avatar: identity.avatar, boundAt: now };
  await exec.insert(wechatBindings).values({ userId, ...values }).onConflictDoUpdate({ target: wechatBindings.userId, set: values });
  return { before: prev?.nickname ?? null };
}

/** Removes the binding; false when there was none. */
export async function unbindWechat(exec: Executor, userId: number): Promise<{ nickname: string } | null> {
  const [row] = await exec.delete(wechatBindings).where(eq(wechatBindings.userId, userId)).returning({ nickname: wechatBindings.nickname });
  return row ?? null;
}

export async function wechatOf(exec: Executor, userId: number): Promise<{ nickname: string } | null> {
  const [row] = await exec.select({ nickname: wechatBindings.nickname }).from(wechatBindings).where(eq(wechatBindings.userId, userId));
  return row ?? null;
}

/** The enabled-or-not account a WeChat identity is bound to, if any. */
export async function userOfOpenid(exec: Executor, openid: string): Promise<number | null> {
  const [row] = await exec.select({ userId: wechatBindings.userId }).from(wechatBindings).where(eq(wechatBindings.openid, openid));
  return row?.userId ?? null;
}
