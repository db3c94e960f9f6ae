import { Code, type BatchResult, type InUseAnswer } from '@gx/contract';
import type { Executor } from '../db/client';
import type { RequestContext } from '../http/context';
import { AppError } from '../http/errors';
import { appErrorMessage } from '../http/errorHandler';

/**
 * Runs `work` for each row in its own savepoint: a row the server refuses (guard, state, in use) is rolled back
 * alone and reported with its reason, the others are done. When no row is done the call fails with the first
 * refusal's code (NOT_FOUND for ids out of scope, as a single call answers), the per-row result as its `data`.
 * Anything but a business refusal still fails the call.
 */
export async function eachRow(ctx: RequestContext, ids: number[], work: (exec: Executor, id: number) => Promise<unknown>): Promise<BatchResult> {
  const result: BatchResult = { done: [], refused: [] };
  let first: AppError | undefined;
  for (const id of ids) {
    try {
      await ctx.db.transaction(async (tx) => work(tx as unknown as Executor, id));
      result.done.push(id);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      first ??= e;
      const inUse = e.code === Code.IN_USE ? (e.data as InUseAnswer) : undefined;
      result.refused.push({ id, message: appErrorMessage(e, ctx.lang), code: e.code, ...(inUse ? { inUse } : {}) });
    }
  }
  if (first && !result.done.length) throw new AppError(first.code, first.message, first.field, result);
  return result;
}
