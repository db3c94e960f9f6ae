import { hashToken, newToken } from '../auth/token';
import type { RequestContext } from '../http/context';
import type { ColumnValues, Input } from './types';

const DAY_MS = 86_400_000;

/**
 * A capability link made by a resource's add (a project invitation, a display link): a 256-bit token kept on the row
 * only as its SHA-256 (`tokenHash`) and answered once, as `link_token`, by the add itself — never logged, never
 * stored, never listed. The row also notes who made it (`createdBy`) and until when it works (`expiresAt`, from the
 * add's `valid_days`; none when that is empty, where the declaration allows it).
 */
export function linkTokenOnAdd() {
  /** The token of an add, kept beside its input until the answer is written. */
  const tokens = new WeakMap<Input, string>();
  return {
    /** In `beforeAdd`: makes the token and sets its hash, its maker and its expiry on the row. */
    issue(ctx: RequestContext, input: Input, values: ColumnValues): void {
      const token = newToken();
      tokens.set(input, token);
      values.tokenHash = hashToken(token);
      const days = input.valid_days;
      values.expiresAt = typeof days === 'number' ? new Date(ctx.services.now().getTime() + days * DAY_MS) : null;
      values.createdBy = ctx.user().userId;
    },
    /** The binding's `addAnswer`. */
    answer: (_ctx: unknown, _id: number, input: Input) => ({ link_token: tokens.get(input) }),
  };
}
