import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  Api, NOTIFICATION_KINDS, notificationContentBody, pageQuery, zId, type NotificationRow, type Page,
} from '@gx/contract';
import { notifications } from '../../db/schema';
import { method, type EndpointSpec } from '../../http/endpoint';
import type { RequestContext } from '../../http/context';
import { fail } from '../../http/errors';
import { containsPattern } from '../../db/containsPattern';
import { checkedTargets } from './audience';
import { replaceTargets, withTargets } from './rows';
import { sanitizeNotificationHtml } from './sanitize';

const listBody = pageQuery.extend({
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  status: z.coerce.number().int().min(0).max(2).optional(),
  keyword: z.string().trim().max(100).optional(),
});
const idBody = z.object({ id: zId });
const updateBody = notificationContentBody.extend({ id: zId });

/** A notification of the caller's current organisation, or NOT_FOUND (other tenants' ids look like no id). */
export async function ownNotification(ctx: RequestContext, id: number) {
  const [row] = await ctx.db.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.orgId, ctx.orgId()))).limit(1);
  if (!row) throw fail.notFound();
  return row;
}

async function detailOf(ctx: RequestContext, id: number): Promise<NotificationRow> {
  const [row] = await withTargets(ctx.db, [await ownNotification(ctx, id)]);
  if (!row) throw fail.notFound();
  return row;
}

/**
 * Administrators write announcements and notifications here (drafts until published on the operation endpoint).
 * Rows belong to the author's current organisation. Editing a published item keeps who has read it: a corrected
 * typo is not a new notification.
 */
export const notificationContentEndpoint: EndpointSpec = {
  path: Api.shell.notificationContent,
  methods: {
    list: method({
      access: 'notification.content.list',
      body: listBody,
      async handler(ctx, input): Promise<Page<NotificationRow>> {
        const where: SQL[] = [eq(notifications.orgId, ctx.orgId())];
        if (input.kind) where.push(eq(notifications.kind, input.kind));
        if (input.status !== undefined) where.push(eq(notifications.status, input.status));
        if (input.keyword) where.push(ilike(notifications.title, containsPattern(input.keyword)));
        const [total] = await ctx.db.select({ n: count() }).from(notifications).where(and(...where));
        const rows = await ctx.db
          .select()
          .from(notifications)
          .where(and(...where))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(input.size)
          .offset((input.page - 1) * input.size);
        return { list: await withTargets(ctx.db, rows), total: total?.n ?? 0, page: input.page, size: input.size };
      },
    }),
    detail: method({
      access: 'notification.content.list',
      body: idBody,
      handler: (ctx, input) => detailOf(ctx, input.id),
    }),
    add: method({
      access: 'notification.content.add',
      body: notificationContentBody,
      async handler(ctx, input): Promise<NotificationRow> {
        const targets = await checkedTargets(ctx, input.audience, input.targets);
        const now = ctx.services.now();
        const [row] = await ctx.db
          .insert(notifications)
          .values({
            orgId: ctx.orgId(), kind: input.kind, title: input.title, content: sanitizeNotificationHtml(input.content),
            audience: input.audience, expiresAt: input.expires_at ? new Date(input.expires_at) : null,
            createdBy: ctx.user().userId, createdAt: now, updatedAt: now,
          })
          .returning();
        if (!row) throw new Error('notification insert returned nothing');
        await replaceTargets(ctx.db, row.id, targets);
        const saved = await detailOf(ctx, row.id);
        await ctx.audit(ctx.db, { target: row.id, after: saved });
        return saved;
      },
    }),
    update: method({
      access: 'notification.content.update',
      body: updateBody,
      async handler(ctx, input): Promise<NotificationRow> {
        const before = await detailOf(ctx, input.id);
        const targets = await checkedTargets(ctx, input.audience, input.targets);
        await ctx.db
          .update(notifications)
          .set({
            kind: input.kind, title: input.title, content: sanitizeNotificationHtml(input.content), audience: input.audience,
            expiresAt: input.expires_at ? new Date(input.expires_at) : null, updatedAt: ctx.services.now(),
          })
          .where(eq(notifications.id, input.id));
        await replaceTargets(ctx.db, input.id, targets);
        const after = await detailOf(ctx, input.id);
        await ctx.audit(ctx.db, { target: input.id, before, after });
        return after;
      },
    }),
    remove: method({
      access: 'notification.content.remove',
      body: idBody,
      async handler(ctx, input): Promise<null> {
        const before = await detailOf(ctx, input.id);
        await ctx.db.delete(notifications).where(eq(notifications.id, input.id));
        await ctx.audit(ctx.db, { target: input.id, before });
        return null;
      },
    }),
  },
};
