import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { Api, Code, pageQuery, suggestionFormBody, suggestionHandleBody, type Page, type SuggestionRow } from '@gx/contract';
import { suggestions, users } from '../../db/schema';
import { method, type EndpointSpec } from '../../http/endpoint';
import type { RequestContext } from '../../http/context';
import { AppError, fail } from '../../http/errors';

const listBody = pageQuery.extend({ status: z.coerce.number().int().min(0).max(1).optional() });

/**
 * Suggestions are addressed to whoever runs the platform, so platform administrators read every one; anyone else
 * granted the list reads those sent from their current organisation only.
 */
function scope(ctx: RequestContext): SQL[] {
  const p = ctx.user();
  return p.isAdmin ? [] : [eq(suggestions.orgId, ctx.orgId())];
}

/** SPEC §2 complaints/suggestions dialog, and the list administrators work through (oa → suggestions). */
export const suggestionEndpoint: EndpointSpec = {
  path: Api.shell.suggestion,
  methods: {
    form: method({
      access: 'user',
      body: suggestionFormBody,
      async handler(ctx, input): Promise<{ id: number }> {
        const p = ctx.user();
        const [row] = await ctx.db
          .insert(suggestions)
          .values({ orgId: p.orgId, userId: p.userId, content: input.content, createdAt: ctx.services.now() })
          .returning({ id: suggestions.id });
        if (!row) throw new Error('suggestion insert returned nothing');
        // The operation log records that one was sent, not its (possibly very long) text, which lives in its row.
        await ctx.audit(ctx.db, { target: row.id, after: { id: row.id, length: input.content.length } });
        return row;
      },
    }),
    list: method({
      access: 'oa.suggestion.list',
      body: listBody,
      async handler(ctx, input): Promise<Page<SuggestionRow>> {
        const where = scope(ctx);
        if (input.status !== undefined) where.push(eq(suggestions.status, input.status));
        const [total] = await ctx.db.select({ n: count() }).from(suggestions).where(and(...where));
        const rows = await ctx.db
          .select({ s: suggestions, username: users.username, nickname: users.nickname })
          .from(suggestions)
          .leftJoin(users, eq(users.id, suggestions.userId))
          .where(and(...where))
          .orderBy(desc(suggestions.createdAt), desc(suggestions.id))
          .limit(input.size)
          .offset((input.page - 1) * input.size);
        return {
          list: rows.map(({ s, username, nickname }) => ({
            id: s.id,
            content: s.content,
            status: s.status === 1 ? 1 : 0,
            reply: s.reply,
            user_id: s.userId,
            username: nickname || username || '',
            org_id: s.orgId,
            created_at: s.createdAt.toISOString(),
            handled_by: s.handledBy,
            handled_at: s.handledAt?.toISOString() ?? null,
          })),
          total: total?.n ?? 0,
          page: input.page,
          size: input.size,
        };
      },
    }),
    handle: method({
      access: 'oa.suggestion.handle',
      body: suggestionHandleBody,
      async handler(ctx, input): Promise<{ id: number; status: 1 }> {
        const [row] = await ctx.db.select().from(suggestions).where(and(eq(suggestions.id, input.id), ...scope(ctx))).limit(1);
        if (!row) throw fail.notFound();
        // Handled once: a second administrator does not overwrite who handled it and what they noted.
        if (row.status === 1) throw new AppError(Code.CONFLICT, 'validation.alreadyHandled', 'id');
        const now = ctx.services.now();
        await ctx.db
          .update(suggestions)
          .set({ status: 1, reply: input.reply, handledBy: ctx.user().userId, handledAt: now })
          .where(eq(suggestions.id, input.id));
        await ctx.audit(ctx.db, { target: input.id, before: { status: 0 }, after: { status: 1, reply: input.reply } });
        return { id: input.id, status: 1 };
      },
    }),
  },
};
