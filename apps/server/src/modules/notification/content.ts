import { count, countDistinct, eq, inArray } from 'drizzle-orm';
import {
  closedObject, Code, methodField, notificationContentResource, NotificationStatus, zId,
  type NotificationAudience, type NotificationStats,
} from '@gx/contract';
import { notificationReads, notifications, notificationTargets, orgMembers, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { method } from '../../http/endpoint';
import { AppError, fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { ColumnValues, Input, WireRow } from '../../resources/types';
import { checkedTargets } from './audience';
import { replaceTargets } from './rows';
import { sanitizeNotificationHtml } from './sanitize';

/** Each notification's recipients (organisation or user ids), ascending. */
async function loadTargets(exec: Executor, ids: number[]): Promise<Map<number, unknown>> {
  const rows = ids.length ? await exec.select().from(notificationTargets).where(inArray(notificationTargets.notificationId, ids)) : [];
  const out = new Map<number, number[]>(ids.map((id) => [id, []]));
  for (const r of rows) out.get(r.notificationId)?.push(r.targetId);
  for (const list of out.values()) list.sort((a, b) => a - b);
  return out;
}

/**
 * Who the item reaches, checked against what the author may address (audience `all` for platform administrators
 * only, organisations and users within the author's reach) and stored, on every add and update: an edit never
 * keeps recipients its author could not name.
 */
async function saveAudience(ctx: RequestContext, exec: Executor, id: number, input: Input, before?: WireRow): Promise<void> {
  const audience = (input.audience ?? before?.audience) as NotificationAudience;
  const requested = (input.targets ?? before?.targets ?? []) as number[];
  await replaceTargets(exec, id, await checkedTargets(ctx, audience, requested));
}

function sanitized(values: ColumnValues): void {
  if (typeof values.content === 'string') values.content = sanitizeNotificationHtml(values.content);
}

/** Publishing again after a withdrawal is allowed; publishing what is out, or withdrawing what is not, is a conflict. */
function assertMove(action: string, status: unknown): void {
  const ok = action === 'publish' ? status !== NotificationStatus.PUBLISHED : status === NotificationStatus.PUBLISHED;
  if (!ok) throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'status');
}

async function recipients(exec: Executor, id: number, audience: string): Promise<number> {
  if (audience === 'all') {
    const [r] = await exec.select({ n: count() }).from(users).where(eq(users.status, 1));
    return r?.n ?? 0;
  }
  const ids = (await exec.select().from(notificationTargets).where(eq(notificationTargets.notificationId, id))).map((t) => t.targetId);
  if (ids.length === 0) return 0;
  if (audience === 'users') return ids.length;
  const [r] = await exec.select({ n: countDistinct(orgMembers.userId) }).from(orgMembers).where(inArray(orgMembers.orgId, ids));
  return r?.n ?? 0;
}

/**
 * Announcements and notifications on the resource engine (`notification.content`): the current organisation's
 * items, written as drafts, sanitised HTML, recipients checked against the author's reach; `publish` and
 * `withdraw` (on `/admin/notification/operation`) move the state, stamp the time and make open consoles recount
 * their unread items; `stats` counts recipients and readers.
 */
export const notificationContentBinding = defineResource({
  decl: notificationContentResource,
  table: notifications,
  tenant: { kind: 'column', column: notifications.orgId },
  virtual: { targets: { load: loadTargets } },
  hooks: {
    async guard(_ctx, _exec, _id, operation, before) {
      if (operation === 'publish' || operation === 'withdraw') assertMove(operation, before.status);
    },
    async beforeAdd(ctx, _exec, _input, values) {
      sanitized(values);
      const now = ctx.services.now();
      Object.assign(values, { createdBy: ctx.user().userId, createdAt: now, updatedAt: now });
    },
    afterAdd: (ctx, exec, id, input) => saveAudience(ctx, exec, id, input),
    async beforeUpdate(_ctx, _exec, _id, _input, values) {
      sanitized(values);
    },
    afterUpdate: (ctx, exec, id, input, before) => saveAudience(ctx, exec, id, input, before),
    async afterTransition(ctx, exec, id, action) {
      const now = ctx.services.now();
      await exec.update(notifications)
        .set(action === 'publish' ? { publishedAt: now, withdrawnAt: null } : { withdrawnAt: now })
        .where(eq(notifications.id, id));
      // Open consoles recount their unread notifications (the live stream's bell).
      ctx.afterCommit(() => ctx.req.server.liveBus.publish({ type: 'unread_changed' }));
    },
  },
  actionMethods: {
    /** How many users the item reaches and how many have read it. */
    stats: method({
      access: 'notification.operation.stats',
      body: closedObject({ method: methodField, id: zId }),
      readOnly: true,
      async handler(ctx, input): Promise<NotificationStats> {
        const [row] = await ctx.db.select({ id: notifications.id, audience: notifications.audience, orgId: notifications.orgId })
          .from(notifications).where(eq(notifications.id, input.id)).limit(1);
        if (!row || row.orgId !== ctx.orgId()) throw fail.notFound();
        const [read] = await ctx.db.select({ n: count() }).from(notificationReads).where(eq(notificationReads.notificationId, row.id));
        return { recipients: await recipients(ctx.db, row.id, row.audience), read: read?.n ?? 0 };
      },
    }),
  },
});
