import type { RequestContext } from '../../http/context';
import { fail } from '../../http/errors';

/**
 * Personal-data methods carry the user's own id (SPEC §7). It is checked, never trusted: another id answers
 * NOT_FOUND, as if there were no such user, so ids cannot be probed.
 */
export function assertOwnId(ctx: RequestContext, id: number): number {
  const p = ctx.user();
  if (id !== p.userId) throw fail.notFound();
  return p.userId;
}
