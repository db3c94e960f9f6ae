import { userNameOf } from '../../resources/readColumns';
import { eq, sql } from 'drizzle-orm';
import { Code, closedObject, methodField, suggestionFormBody, suggestionResource } from '@gx/contract';
import { suggestions } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { blockedWordIn } from './keywordBlacklist';

/** The organisation's consoles (the list, the dashboard, /largechat) hear of a suggestion once it is committed. */
function announceSuggestion(ctx: RequestContext, orgId: unknown, id: number, handled: boolean): void {
  if (typeof orgId !== 'number') return;
  const at = ctx.services.now().toISOString();
  ctx.afterCommit(() => ctx.req.server.liveBus.publish({ type: 'suggestion', org_id: orgId, id, handled, at }));
}

/**
 * SPEC §2 complaints/suggestions: any signed-in user sends one (`form`; one holding a word of the organisation's
 * keyword filter is refused, naming it); administrators work through the list
 * (oa → suggestions). Suggestions are addressed to whoever runs the platform, so platform operators read every one;
 * anyone else granted the list reads those sent from their current organisation only.
 */
export const suggestionBinding = defineResource({
  decl: suggestionResource,
  table: suggestions,
  tenant: { kind: 'column', column: suggestions.orgId },
  columns: {
    username: sql<string>`coalesce(${userNameOf(suggestions.userId)}, '')`,
  },
  actions: {
    /** Handled once: a second administrator does not overwrite who handled it and what they noted. */
    async handle(ctx, exec, id, input, before) {
      if (before.status === 1) throw new AppError(Code.CONFLICT, 'validation.alreadyHandled', 'id');
      const reply = typeof input.reply === 'string' ? input.reply : '';
      await exec.update(suggestions)
        .set({ status: 1, reply, handledBy: ctx.user().userId, handledAt: ctx.services.now() })
        .where(eq(suggestions.id, id));
      announceSuggestion(ctx, before.org_id, id, true);
    },
  },
  methods: {
    form: method({
      access: 'user',
      body: closedObject({ method: methodField, ...suggestionFormBody.shape }),
      async handler(ctx, input): Promise<{ id: number }> {
        const p = ctx.user();
        // The organisation's keyword filter applies to suggestions too: refused, naming the word to take out.
        const word = p.orgId === null ? null : await blockedWordIn(ctx.db, p.orgId, input.content);
        if (word) throw new AppError(Code.VALIDATION, `validation.blockedWord:${word}`, 'content');
        const [row] = await ctx.db
          .insert(suggestions)
          .values({ orgId: p.orgId, userId: p.userId, content: input.content, createdAt: ctx.services.now() })
          .returning({ id: suggestions.id });
        if (!row) throw new Error('suggestion insert returned nothing');
        // The operation log records that one was sent, not its (possibly very long) text, which lives in its row.
        await ctx.audit(ctx.db, { target: row.id, after: { id: row.id, length: input.content.length } });
        announceSuggestion(ctx, p.orgId, row.id, false);
        return row;
      },
    }),
  },
});
