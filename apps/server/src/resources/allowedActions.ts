import { Code, DENIED_KEY, type ResourceDecl } from '@gx/contract';
import type { RequestContext } from '../http/context';
import { AppError } from '../http/errors';
import { appErrorMessage } from '../http/errorHandler';
import { refusedRemovals } from './inUse';
import type { ResourceServer, WireRow } from './types';
import { assertTakeoverAllowed } from './write';

/** The row-level operations of a declaration: edit, delete and every declared action. */
function rowOperations(decl: ResourceDecl): string[] {
  const ops = decl.operations.filter((o) => o === 'update' || o === 'remove') as string[];
  return [...ops, ...(decl.actions ?? []).map((a) => a.name)];
}

/**
 * Why the caller may not take an operation on a row, or null when it may: the same state rule and guard hook the
 * write runs, so the console offers exactly what the server would accept.
 */
export async function refusalOf(ctx: RequestContext, b: ResourceServer, row: WireRow, operation: string): Promise<string | null> {
  const action = b.decl.actions?.find((a) => a.name === operation);
  const transition = action?.transition;
  if (transition) {
    const current = row[transition.field] as string | number;
    // A row already in the target state is left alone by the write (a batch counts it done), so only a row in
    // neither state is refused.
    if (!transition.from.includes(current) && current !== transition.to) return appErrorMessage(new AppError(Code.CONFLICT, 'validation.stateTransition'), ctx.lang);
  }
  try {
    await b.hooks.guard?.(ctx, ctx.db, row.id as number, operation, row, {});
    await assertTakeoverAllowed(ctx, ctx.db, action, row.id as number);
    return null;
  } catch (e) {
    if (e instanceof AppError) return appErrorMessage(e, ctx.lang);
    throw e;
  }
}

/**
 * Marks each row with the operations refused on it (`_denied`: operation → reason); rows allowing all get none. A
 * row others hold under a `refuse` rule is marked not removable (one query per rule for the whole page), so the
 * console hides its delete instead of offering it and then refusing.
 */
export async function markDenied(ctx: RequestContext, b: ResourceServer, rows: WireRow[]): Promise<WireRow[]> {
  const ops = rowOperations(b.decl);
  if (!ops.length) return rows;
  const held = ops.includes('remove') ? await refusedRemovals(ctx, ctx.db, b, rows.map((r) => r.id as number)) : new Map<number, string>();
  for (const row of rows) {
    const denied: Record<string, string> = {};
    for (const op of ops) {
      const reason = await refusalOf(ctx, b, row, op);
      if (reason !== null) denied[op] = reason;
    }
    const inUse = held.get(row.id as number);
    if (inUse && !denied.remove) denied.remove = inUse;
    if (Object.keys(denied).length) row[DENIED_KEY] = denied;
  }
  return rows;
}
