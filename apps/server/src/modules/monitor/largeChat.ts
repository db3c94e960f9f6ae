import { and, desc, eq, gte, notInArray, sql } from 'drizzle-orm';
import {
  CHAT_CONTENT_MAX, CHAT_FEED_ROWS, WORK_ORDER_FINISHED, type LargeChatSummary, type WorkOrderState,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import { suggestions, users } from '../../db/schema';
import { workOrders } from '../business/workOrder';

const HOUR_MS = 3_600_000;
const n = (v: unknown) => Number(v ?? 0) || 0;
const FINISHED = [...WORK_ORDER_FINISHED];

/** Midnight of `now`'s day in the server's time zone ("today" on a screen hanging in the office). */
function startOfDay(now: Date): Date {
  const d = new Date(now.getTime());
  d.setHours(0, 0, 0, 0);
  return d;
}

/**
 * `/largechat`: the organisation's work orders and complaints/suggestions, counted by grouped queries over the
 * (org, created_at) and (org, status) indexes, plus the latest rows of each. Suggestions sent without an
 * organisation belong to the platform's operators and are not on any organisation's screen.
 */
export async function largeChatSummary(exec: Executor, orgId: number, now: Date): Promise<LargeChatSummary> {
  const since = new Date(now.getTime() - 24 * HOUR_MS);
  const today = startOfDay(now);
  const open = and(eq(workOrders.orgId, orgId), notInArray(workOrders.status, FINISHED));
  const byState = await exec.select({
    status: workOrders.status,
    count: sql<number>`count(*)::int`,
    overdue: sql<number>`count(*) filter (where ${workOrders.dueAt} < ${now})::int`,
  }).from(workOrders).where(open).groupBy(workOrders.status);
  const [ordersToday] = await exec.select({ n: sql<number>`count(*)::int` }).from(workOrders)
    .where(and(eq(workOrders.orgId, orgId), gte(workOrders.createdAt, today)));
  const [sugg] = await exec.select({
    pending: sql<number>`count(*) filter (where ${suggestions.status} = 0)::int`,
    today: sql<number>`count(*) filter (where ${suggestions.createdAt} >= ${today})::int`,
  }).from(suggestions).where(eq(suggestions.orgId, orgId));

  const orderHour = sql<number>`floor(extract(epoch from ${workOrders.createdAt}) / 3600)::int`;
  const orderHours = await exec.select({ hour: orderHour, n: sql<number>`count(*)::int` }).from(workOrders)
    .where(and(eq(workOrders.orgId, orgId), gte(workOrders.createdAt, since))).groupBy(orderHour);
  const suggHour = sql<number>`floor(extract(epoch from ${suggestions.createdAt}) / 3600)::int`;
  const suggHours = await exec.select({ hour: suggHour, n: sql<number>`count(*)::int` }).from(suggestions)
    .where(and(eq(suggestions.orgId, orgId), gte(suggestions.createdAt, since))).groupBy(suggHour);

  const orders = await exec.select({
    id: workOrders.id, orderNo: workOrders.orderNo, title: workOrders.title, status: workOrders.status, priority: workOrders.priority,
    contactName: workOrders.contactName, createdAt: workOrders.createdAt, updatedAt: workOrders.updatedAt, dueAt: workOrders.dueAt,
  }).from(workOrders).where(eq(workOrders.orgId, orgId)).orderBy(desc(workOrders.createdAt), desc(workOrders.id)).limit(CHAT_FEED_ROWS);
  const latest = await exec.select({
    id: suggestions.id, content: sql<string>`left(${suggestions.content}, ${CHAT_CONTENT_MAX})`, status: suggestions.status,
    reply: sql<string>`left(${suggestions.reply}, ${CHAT_CONTENT_MAX})`, createdAt: suggestions.createdAt,
    username: sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username}, '')`,
  }).from(suggestions).leftJoin(users, eq(users.id, suggestions.userId))
    .where(eq(suggestions.orgId, orgId)).orderBy(desc(suggestions.createdAt), desc(suggestions.id)).limit(CHAT_FEED_ROWS);

  const lastHour = Math.floor(now.getTime() / HOUR_MS);
  const perHour = (rows: { hour: number; n: number }[]) => new Map(rows.map((r) => [n(r.hour), n(r.n)]));
  const oh = perHour(orderHours);
  const sh = perHour(suggHours);
  return {
    at: now.toISOString(),
    totals: {
      open_orders: byState.reduce((s, r) => s + n(r.count), 0),
      overdue_orders: byState.reduce((s, r) => s + n(r.overdue), 0),
      orders_today: n(ordersToday?.n),
      pending_suggestions: n(sugg?.pending),
      suggestions_today: n(sugg?.today),
    },
    by_state: byState.map((r) => ({ status: r.status as WorkOrderState, count: n(r.count) })).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status)),
    arrivals: Array.from({ length: 24 }, (_, i) => {
      const h = lastHour - 23 + i;
      return { hour: new Date(h * HOUR_MS).toISOString(), orders: oh.get(h) ?? 0, suggestions: sh.get(h) ?? 0 };
    }),
    orders: orders.map((o) => ({
      id: o.id, order_no: o.orderNo, title: o.title, status: o.status as WorkOrderState, priority: o.priority, contact_name: o.contactName,
      created_at: o.createdAt.toISOString(), updated_at: o.updatedAt.toISOString(), due_at: o.dueAt?.toISOString() ?? null,
      overdue: Boolean(o.dueAt && o.dueAt.getTime() < now.getTime() && !FINISHED.includes(o.status as WorkOrderState)),
    })),
    suggestions: latest.map((s) => ({
      id: s.id, content: s.content, username: s.username, handled: s.status === 1, reply: s.reply, created_at: s.createdAt.toISOString(),
    })),
  };
}
