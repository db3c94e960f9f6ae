import { eq } from 'drizzle-orm';
import { integer, text, timestamp, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import type { ColumnValues, Input, ResourceHooks, WireRow } from '../../resources/types';
import { blockedReason, blockedWordIn } from '../oa/keywordBlacklist';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The columns every moderated table carries (posts, comments): the state, its reason, who moved it and when. */
export const moderationColumns = () => ({
  state: text('state').notNull().default('pending'),
  reason: text('reason').notNull().default(''),
  moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
  moderatedAt: ts('moderated_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * What posts and comments share: each move of `MODERATION_LIFECYCLE` (the engine's transition, with the reason
 * from its small form) records who moderated and when.
 */
export function moderationHooks(table: PgTable, id: PgColumn, texts: readonly string[]): Pick<ResourceHooks, 'afterTransition' | 'beforeAdd' | 'beforeUpdate'> {
  /**
   * The keyword filter (`oa.keyword_blacklist`): text saved with an enabled blocked word waits as pending, its reason
   * naming the word — a new entry and an edited one alike, whatever it was before.
   */
  const filter = async (ctx: RequestContext, exec: Executor, input: Input, values: ColumnValues, before?: WireRow) => {
    if (!texts.some((f) => typeof input[f] === 'string')) return;
    const text = texts.map((f) => (typeof input[f] === 'string' ? input[f] : String(before?.[f] ?? ''))).join('\n');
    const word = await blockedWordIn(exec, ctx.orgId(), text);
    if (word) Object.assign(values, { state: 'pending', reason: blockedReason(word, ctx.lang), moderatedBy: null, moderatedAt: null });
  };
  return {
    beforeAdd: (ctx, exec, input, values) => filter(ctx, exec, input, values),
    beforeUpdate: (ctx, exec, _id, input, values, before) => filter(ctx, exec, input, values, before),
    async afterTransition(ctx: RequestContext, exec: Executor, rowId: number) {
      await exec.update(table).set({ moderatedBy: ctx.user().userId, moderatedAt: ctx.services.now() } as never).where(eq(id, rowId));
    },
  };
}
