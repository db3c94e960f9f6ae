import { randomInt } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  Code, WORK_ORDER_COMMENT_MAX, WORK_ORDER_FINISHED, WORK_ORDER_REMOVABLE, WORK_ORDER_STEP_REQUIRES, canMoveWorkOrder, closedObject, methodField,
  workOrderResource, workOrderStep, zRowId, type WorkOrderEvent, type WorkOrderEventKind,
} from '@gx/contract';
import { devices, notifications, notificationTargets, organizations, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { zFile } from '../../http/body';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { checkReferences } from '../../resources/refs';
import { accessScope } from '../../resources/scope';
import { qualified } from '../../resources/sqlRef';
import type { ActionHandler, ResourceServer, WireRow } from '../../resources/types';
import { loadOne } from '../../resources/write';
import { storeImage } from '../upload/image';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** Work orders of an organisation; `status` moves only as `WORK_ORDER_FLOW` allows. */
export const workOrders = pgTable('work_orders', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  orderNo: text('order_no').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  priority: text('priority').notNull().default('normal'),
  status: text('status').notNull().default('open'),
  /**
   * Deprecated (0065_work_order_devices): the one device an order linked before issue 15 asked for several. Copied
   * into `device_ids` by that migration and no longer written or read; kept so a rollback still finds it.
   */
  deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
  /** The devices the order concerns, of its organisation (checked by the engine), at most WORK_ORDER_DEVICES_MAX. */
  deviceIds: integer('device_ids').array().notNull().default(sql`'{}'::integer[]`),
  contactName: text('contact_name').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  dueAt: ts('due_at'),
  assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  resolution: text('resolution').notNull().default(''),
  rejectReason: text('reject_reason').notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  resolvedAt: ts('resolved_at'),
  closedAt: ts('closed_at'),
}, (t) => [
  uniqueIndex('work_orders_order_no_uq').on(t.orderNo),
  prefixIdx('work_orders_order_no_prefix_idx', t.orderNo),
  prefixIdx('work_orders_title_prefix_idx', t.title),
  index('work_orders_org_created_idx').on(t.orgId, t.createdAt),
  index('work_orders_org_status_idx').on(t.orgId, t.status),
  index('work_orders_org_priority_idx').on(t.orgId, t.priority),
  index('work_orders_org_assignee_idx').on(t.orgId, t.assigneeId),
  index('work_orders_org_due_idx').on(t.orgId, t.dueAt),
  index('work_orders_device_idx').on(t.deviceId),
  // "Orders linking device X": `device_ids @> array[X]`.
  index('work_orders_device_ids_idx').using('gin', t.deviceIds),
]);

/** The timeline of a work order: its creation, every move between states, comments and photos. */
export const workOrderEvents = pgTable('work_order_events', {
  id: serial('id').primaryKey(),
  workOrderId: integer('work_order_id').notNull().references(() => workOrders.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  action: text('action').notNull().default(''),
  fromState: text('from_state').notNull().default(''),
  toState: text('to_state').notNull().default(''),
  body: text('body').notNull().default(''),
  url: text('url').notNull().default(''),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('work_order_events_order_idx').on(t.workOrderId, t.id)]);

/** Photos a work order may carry. */
export const WORK_ORDER_PHOTOS_MAX = 20;

/** "WO" + yyyyMMddHHmmss + 6 random digits: sortable by time; the unique index catches the rare clash. */
export function orderNumber(now: Date): string {
  return `WO${now.toISOString().replace(/\D/g, '').slice(0, 14)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

interface EventInput { kind: WorkOrderEventKind; action?: string; from?: string; to?: string; body?: string; url?: string }

/** A timeline entry by the caller, or by nobody (a submission from the public page). */
export async function recordEvent(ctx: RequestContext, exec: Executor, workOrderId: number, e: EventInput): Promise<void> {
  await exec.insert(workOrderEvents).values({
    workOrderId, kind: e.kind, action: e.action ?? '', fromState: e.from ?? '', toState: e.to ?? '', body: e.body ?? '', url: e.url ?? '',
    userId: ctx.principal ? ctx.user().userId : null, createdAt: ctx.services.now(),
  });
  // Consoles showing work orders (the list, the dashboard, /largechat) hear of it once the change is committed.
  const [o] = await exec.select({ orgId: workOrders.orgId, status: workOrders.status }).from(workOrders).where(eq(workOrders.id, workOrderId));
  if (o) {
    const at = ctx.services.now().toISOString();
    ctx.afterCommit(() => ctx.req.server.liveBus.publish({ type: 'work_order', org_id: o.orgId, id: workOrderId, status: o.status, at }));
  }
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Who hears of a step: the assignee when the order is assigned (or reopened back to them), the submitter when it is
 * resolved, rejected or closed — never the person who took the step. A published notification of the order's
 * organisation addressed to that user, in both languages (the recipient's language is not known when it is sent).
 */
const NOTIFY: Readonly<Record<string, { who: 'assignee' | 'submitter'; zh: string; en: string }>> = {
  assign: { who: 'assignee', zh: '工单已分派给您', en: 'A work order was assigned to you' },
  reopen: { who: 'assignee', zh: '工单已重新打开', en: 'A work order was reopened' },
  resolve: { who: 'submitter', zh: '您提交的工单已解决', en: 'Your work order was resolved' },
  reject: { who: 'submitter', zh: '您提交的工单被驳回', en: 'Your work order was rejected' },
  close: { who: 'submitter', zh: '您提交的工单已关闭', en: 'Your work order was closed' },
};

async function notifyStep(ctx: RequestContext, exec: Executor, action: string, order: { orgId: number; orderNo: string; title: string; assigneeId: number | null; createdBy: number | null }, note: string): Promise<void> {
  const n = NOTIFY[action];
  if (!n) return;
  const to = n.who === 'assignee' ? order.assigneeId : order.createdBy;
  if (to === null || to === ctx.user().userId) return;
  const now = ctx.services.now();
  const content = `<p>${escapeHtml(order.orderNo)} · ${escapeHtml(order.title)}</p>${note ? `<p>${escapeHtml(note)}</p>` : ''}`;
  const [row] = await exec.insert(notifications).values({
    orgId: order.orgId, kind: 'inform', title: `${n.zh} / ${n.en}`, content, audience: 'users', status: 1, publishedAt: now,
    createdBy: ctx.user().userId, createdAt: now, updatedAt: now,
  }).returning({ id: notifications.id });
  await exec.insert(notificationTargets).values({ notificationId: row!.id, targetType: 'user', targetId: to });
  ctx.afterCommit(() => ctx.req.server.liveBus.publish({ type: 'unread_changed' }));
}

/** Refuses a move the flow does not have from the order's state (1007 naming `status`). */
function assertMove(action: string, current: unknown): void {
  if (!canMoveWorkOrder(action, String(current))) throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'status');
}

/**
 * One step of the flow as a row action: checked against the table, the row moved with the values the step sets,
 * the move written to the timeline. The engine loaded the row in scope, runs the guard and logs before → after.
 */
function stepAction(extra: (ctx: RequestContext, exec: Executor, input: Record<string, unknown>, before: WireRow) => Promise<Partial<typeof workOrders.$inferInsert>>): (action: string) => ActionHandler {
  return (action) => async (ctx, exec, id, input, before) => {
    assertMove(action, before.status);
    const required = WORK_ORDER_STEP_REQUIRES[action];
    const given = required ? input[required] : undefined;
    if (required && (given === undefined || given === null || (typeof given === 'string' && given.trim() === ''))) {
      throw new AppError(Code.VALIDATION, 'validation.required', required);
    }
    const to = workOrderStep(action)!.to;
    const now = ctx.services.now();
    const values: Partial<typeof workOrders.$inferInsert> = { status: to, updatedAt: now, ...(await extra(ctx, exec, input, before)) };
    if (to === 'resolved') values.resolvedAt = now;
    if (to === 'closed') values.closedAt = now;
    if (action === 'reopen') Object.assign(values, { resolvedAt: null, closedAt: null });
    await exec.update(workOrders).set(values).where(eq(workOrders.id, id));
    const body = typeof input.resolution === 'string' ? input.resolution : typeof input.reject_reason === 'string' ? input.reject_reason : '';
    await recordEvent(ctx, exec, id, { kind: 'transition', action, from: String(before.status), to, body });
    const [order] = await exec.select({
      orgId: workOrders.orgId, orderNo: workOrders.orderNo, title: workOrders.title, assigneeId: workOrders.assigneeId, createdBy: workOrders.createdBy,
    }).from(workOrders).where(eq(workOrders.id, id));
    if (order) await notifyStep(ctx, exec, action, order, body);
  };
}

const plain = stepAction(async () => ({}));
const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/** The order in the caller's scope (1006 otherwise, for a missing id and another tenant's alike). */
const orderInScope = (ctx: RequestContext, exec: Executor, id: number) => loadOne(ctx, exec, workOrderBinding, id, accessScope(ctx, workOrderBinding));

const timelineBody = closedObject({ method: methodField, id: zRowId });
const commentBody = closedObject({
  method: methodField,
  id: zRowId,
  body: z.string({ error: 'validation.text' }).trim().min(1, 'validation.required').max(WORK_ORDER_COMMENT_MAX, 'validation.tooLong')
    .refine((v) => !v.includes('\u0000'), { message: 'validation.invalid' }),
});
const attachBody = closedObject({ method: methodField, id: zRowId, file: zFile });

export const workOrderBinding: ResourceServer = defineResource({
  decl: workOrderResource,
  table: workOrders,
  tenant: { kind: 'column', column: workOrders.orgId },
  columns: {
    overdue: sql<boolean>`(${qualified(workOrders.dueAt)} is not null and ${qualified(workOrders.dueAt)} < now()
      and ${qualified(workOrders.status)} not in (${sql.join(WORK_ORDER_FINISHED.map((s) => sql`${s}`), sql`, `)}))`,
  },
  hooks: {
    async beforeAdd(ctx, _exec, _input, values) {
      values.orderNo = orderNumber(ctx.services.now());
      values.createdBy = ctx.user().userId;
    },
    async afterAdd(ctx, exec, id) {
      await recordEvent(ctx, exec, id, { kind: 'created', to: 'open' });
    },
    /** Finished orders are history: no edits; only open or rejected ones may be deleted. The flow guards the steps. */
    async guard(_ctx, _exec, _id, operation, before) {
      if (operation === 'update' && WORK_ORDER_FINISHED.includes(before.status as never)) throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'status');
      if (operation === 'remove' && !WORK_ORDER_REMOVABLE.includes(before.status as never)) throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'status');
      if (workOrderStep(operation)) assertMove(operation, before.status);
    },
  },
  actions: {
    /** The assignee must be a user of the organisation (1006 naming `assignee_id` otherwise, like any reference). */
    assign: stepAction(async (ctx, exec, input) => {
      await checkReferences(ctx, exec, workOrderBinding, { assignee_id: input.assignee_id });
      return { assigneeId: input.assignee_id as number };
    })('assign'),
    start: plain('start'),
    wait: plain('wait'),
    resume: plain('resume'),
    resolve: stepAction(async (_ctx, _exec, input) => ({ resolution: textOf(input.resolution) }))('resolve'),
    close: plain('close'),
    reopen: plain('reopen'),
    reject: stepAction(async (_ctx, _exec, input) => ({ rejectReason: textOf(input.reject_reason) }))('reject'),
  },
  methods: {
    /** Every entry of an order's timeline, oldest first, with who made it. */
    timeline: method({
      access: 'business.work_order.list',
      body: timelineBody,
      readOnly: true,
      async handler(ctx, input): Promise<WorkOrderEvent[]> {
        await orderInScope(ctx, ctx.db, input.id);
        const rows = await ctx.db.select({
          id: workOrderEvents.id, kind: workOrderEvents.kind, action: workOrderEvents.action, from_state: workOrderEvents.fromState,
          to_state: workOrderEvents.toState, body: workOrderEvents.body, url: workOrderEvents.url, user_id: workOrderEvents.userId,
          user_name: sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username}, '')`, created_at: workOrderEvents.createdAt,
        }).from(workOrderEvents).leftJoin(users, eq(users.id, workOrderEvents.userId))
          .where(eq(workOrderEvents.workOrderId, input.id)).orderBy(asc(workOrderEvents.id)).limit(1000);
        return rows.map((r) => ({ ...r, kind: r.kind as WorkOrderEventKind, user_name: r.user_name ?? '', created_at: r.created_at.toISOString() }));
      },
    }),
    /** A comment on the timeline; any state, a closed order's history included. */
    comment: method({
      access: 'business.work_order.comment',
      body: commentBody,
      fieldLabels: { body: { zh_CN: '评论', en: 'Comment' } },
      async handler(ctx, input): Promise<{ id: number }> {
        await orderInScope(ctx, ctx.db, input.id);
        await recordEvent(ctx, ctx.db, input.id, { kind: 'comment', body: input.body });
        await ctx.audit(ctx.db, { target: input.id, after: { comment: input.body } });
        return { id: input.id };
      },
    }),
    /** A photo (JPEG/PNG under 10 MB, checked by its bytes) through the console's upload, onto the timeline. */
    attach: method({
      access: 'business.work_order.attach',
      body: attachBody,
      async handler(ctx, input): Promise<{ id: number; url: string }> {
        const order = await orderInScope(ctx, ctx.db, input.id);
        const [n] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(workOrderEvents)
          .where(and(eq(workOrderEvents.workOrderId, input.id), eq(workOrderEvents.kind, 'photo')));
        if ((n?.n ?? 0) >= WORK_ORDER_PHOTOS_MAX) throw new AppError(Code.VALIDATION, 'validation.tooMany', 'file');
        const url = await storeImage(ctx, ctx.orgId(), input.file, 'file', { gif: true });
        await recordEvent(ctx, ctx.db, input.id, { kind: 'photo', url });
        await ctx.audit(ctx.db, { target: order.id as number, after: { photo: url } });
        return { id: input.id, url };
      },
    }),
  },
});
