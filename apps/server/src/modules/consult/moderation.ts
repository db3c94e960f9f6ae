import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import type { ResourceHooks } from '../../resources/types';

/**
 * What posts and comments share: each move of `MODERATION_LIFECYCLE` (the engine's transition, with the reason
 * from its small form) records who moderated and when.
 */
export function moderationHooks(table: PgTable, id: PgColumn): Pick<ResourceHooks, 'afterTransition'> {
  return {
    async afterTransition(ctx: RequestContext, exec: Executor, rowId: number) {
      await exec.update(table).set({ moderatedBy: ctx.user().userId, moderatedAt: ctx.services.now() } as never).where(eq(id, rowId));
    },
  };
}
