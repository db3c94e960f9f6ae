import { hashToken, newToken } from '../auth/token';
import type { ColumnValues, Input } from './types';

/**
 * A capability link made by a resource's add (a project invitation, a display link): a 256-bit token kept on the row
 * only as its SHA-256 (`tokenHash`) and answered once, as `link_token`, by the add itself — never logged, never
 * stored, never listed.
 */
export function linkTokenOnAdd() {
  /** The token of an add, kept beside its input until the answer is written. */
  const tokens = new WeakMap<Input, string>();
  return {
    /** In `beforeAdd`: makes the token and sets its hash on the row. */
    issue(input: Input, values: ColumnValues): void {
      const token = newToken();
      tokens.set(input, token);
      values.tokenHash = hashToken(token);
    },
    /** The binding's `addAnswer`. */
    answer: (_ctx: unknown, _id: number, input: Input) => ({ link_token: tokens.get(input) }),
  };
}
