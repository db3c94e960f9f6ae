import { and, count, desc, eq, sql } from 'drizzle-orm';
import { Api, INBOX_LIMIT, inboxStatusBody, type InboxInform, type InboxNotice } from '@gx/contract';
import { notificationReads, notifications } from '../../db/schema';
import { closedBody, method, noInput, type EndpointSpec } from '../../http/endpoint';
import type { RequestContext } from '../../http/context';
import { fail } from '../../http/errors';
import { reachesUser } from './audience';


async function notices(ctx: RequestContext): Promise<{ notice: InboxNotice[] }> {
  const p = ctx.user();
  const rows = await ctx.db
    .select({ id: notifications.id, title: notifications.title, content: notifications.content })
    .from(notifications)
    .where(and(eq(notifications.kind, 'notice'), reachesUser(p.userId, ctx.services.now())))
    .orderBy(desc(notifications.publishedAt), desc(notifications.id))
    .limit(INBOX_LIMIT);
  return { notice: rows };
}

async function unreadCount(ctx: RequestContext): Promise<number> {
  const p = ctx.user();
  const [r] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, p.userId)))
    .where(and(eq(notifications.kind, 'inform'), reachesUser(p.userId, ctx.services.now()), sql`${notificationReads.userId} is null`));
  return r?.n ?? 0;
}

async function informs(ctx: RequestContext): Promise<InboxInform> {
  const p = ctx.user();
  const rows = await ctx.db
    .select({
      id: notifications.id, title: notifications.title, content: notifications.content,
      readAt: notificationReads.readAt,
    })
    .from(notifications)
    .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, p.userId)))
    .where(and(eq(notifications.kind, 'inform'), reachesUser(p.userId, ctx.services.now())))
    .orderBy(desc(notifications.publishedAt), desc(notifications.id))
    .limit(INBOX_LIMIT);
  return {
    unread: await unreadCount(ctx),
    inform: rows.map((r) => ({ id: r.id, title: r.title, content: r.content, status: r.readAt ? 1 : 0 })),
  };
}

/**
 * The signed-in user's side (SPEC §2 navbar, notification dialog): announcements for the scroller, notifications
 * with read state for the carousel, the bell and the dialog, and marking one read (0 → 1, never back).
 */
export const notificationInboxEndpoint: EndpointSpec = {
  path: Api.shell.notificationInbox,
  methods: {
    default: method({ access: 'user', body: noInput(), readOnly: true, handler: (ctx) => notices(ctx) }),
    notice: method({ access: 'user', body: noInput('notice'), readOnly: true, handler: (ctx) => notices(ctx) }),
    inform: method({ access: 'user', body: noInput('inform'), readOnly: true, handler: (ctx) => informs(ctx) }),
    status: method({
      access: 'user',
      body: closedBody(inboxStatusBody, 'status'),
      async handler(ctx, input): Promise<{ unread: number }> {
        const p = ctx.user();
        const [row] = await ctx.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.id, input.id), eq(notifications.kind, 'inform'), reachesUser(p.userId, ctx.services.now())))
          .limit(1);
        if (!row) throw fail.notFound();
        const inserted = await ctx.db
          .insert(notificationReads)
          .values({ notificationId: row.id, userId: p.userId, readAt: ctx.services.now() })
          .onConflictDoNothing()
          .returning();
        await ctx.audit(ctx.db, { target: row.id, before: { status: inserted.length ? 0 : 1 }, after: { status: 1 } });
        if (inserted.length) ctx.afterCommit(() => ctx.req.server.liveBus.publish({ type: 'unread_changed' }));
        return { unread: await unreadCount(ctx) };
      },
    }),
  },
};
