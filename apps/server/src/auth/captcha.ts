import { createHash, randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { Code } from '@gx/contract';
import type { Executor } from '../db/client';
import { captchas } from '../db/schema';
import { AppError } from '../http/errors';

export const CAPTCHA_TTL_SECONDS = 120;

const answerHash = (text: string) => createHash('sha256').update(text.trim().toUpperCase()).digest('hex');

/** Stores a new challenge; the returned id goes to the browser in a cookie, so one answer belongs to one browser. */
export async function issueCaptcha(exec: Executor, text: string, now: Date): Promise<string> {
  const id = randomUUID();
  // Expired challenges are swept on issue, keeping the table at the size of the last two minutes' traffic.
  await exec.delete(captchas).where(lt(captchas.expiresAt, now));
  await exec.insert(captchas).values({ id, answerHash: answerHash(text), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000) });
  return id;
}

/** Single use: the challenge is deleted whether the answer is right or wrong. */
export async function consumeCaptcha(exec: Executor, id: string | null, answer: string, now: Date): Promise<void> {
  if (!id || !answer) throw new AppError(Code.CAPTCHA_WRONG, undefined, 'code');
  const [row] = await exec.delete(captchas).where(eq(captchas.id, id)).returning();
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.answerHash !== answerHash(answer)) {
    throw new AppError(Code.CAPTCHA_WRONG, undefined, 'code');
  }
}
