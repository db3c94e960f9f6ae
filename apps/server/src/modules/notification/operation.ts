import { count, countDistinct, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { Api, Code, NotificationStatus, zId, type NotificationStats } from '@gx/contract';
import { notificationReads, notifications, notificationTargets, orgMembers, users } from '../../db/schema';
import { method, type EndpointSpec } from '../../http/endpoint';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { ownNotification } from './content';

const idBody = z.object({ id: zId });

async function moveStatus(ctx: RequestContext, id: number, from: number[], to: number): Promise<{ id: number; status: number }> {
  const row = await ownNotification(ctx, id);
  if (!from.includes(row.status)) throw new AppError(Code.CONFLICT, undefined, 'id');
  const now = ctx.services.now();
  await ctx.db
    .update(notifications)
    .set(to === NotificationStatus.PUBLISHED ? { status: to, publishedAt: now, withdrawnAt: null, updatedAt: now } : { status: to, withdrawnAt: now, updatedAt: now })
    .where(eq(notifications.id, id));
  await ctx.audit(ctx.db, { target: id, before: { status: row.status }, after: { status: to } });
  return { id, status: to };
}

async function recipients(ctx: RequestContext, row: { id: number; audience: string }): Promise<number> {
  if (row.audience === 'all') {
    const [r] = await ctx.db.select({ n: count() }).from(users).where(eq(users.status, 1));
    return r?.n ?? 0;
  }
  const targets = await ctx.db.select().from(notificationTargets).where(eq(notificationTargets.notificationId, row.id));
  const ids = targets.map((t) => t.targetId);
  if (ids.length === 0) return 0;
  if (row.audience === 'users') return ids.length;
  const [r] = await ctx.db.select({ n: countDistinct(orgMembers.userId) }).from(orgMembers).where(inArray(orgMembers.orgId, ids));
  return r?.n ?? 0;
}

/**
 * State changes of the content: draft → published → withdrawn → published again. Publishing is what makes an item
 * reach people; withdrawing takes it off every navbar at once. `stats` counts recipients and readers.
 */
export const notificationOperationEndpoint: EndpointSpec = {
  path: Api.shell.notificationOperation,
  methods: {
    publish: method({
      access: 'notification.operation.publish',
      body: idBody,
      handler: (ctx, input) => moveStatus(ctx, input.id, [NotificationStatus.DRAFT, NotificationStatus.WITHDRAWN], NotificationStatus.PUBLISHED),
    }),
    withdraw: method({
      access: 'notification.operation.withdraw',
      body: idBody,
      handler: (ctx, input) => moveStatus(ctx, input.id, [NotificationStatus.PUBLISHED], NotificationStatus.WITHDRAWN),
    }),
    stats: method({
      access: 'notification.operation.stats',
      body: idBody,
      readOnly: true,
      async handler(ctx, input): Promise<NotificationStats> {
        const row = await ownNotification(ctx, input.id);
        const [read] = await ctx.db.select({ n: count() }).from(notificationReads).where(eq(notificationReads.notificationId, row.id));
        return { recipients: await recipients(ctx, row), read: read?.n ?? 0 };
      },
    }),
  },
};
