import { createHmac } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  dcWebhookResource, isFinalState, subscribesTo, WEBHOOK_HEADERS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_SUBSCRIPTIONS, WEBHOOK_TIMEOUT_MS, webhookRetryDelayMs,
  webhookSignatureBase, type WebhookEvent, type WebhookPayload, type WebhookSubscription,
} from '@gx/contract';
import { deviceCommands, devices, organizations } from '../../db/schema';
import type { Database } from '../../db/client';
import type { EndpointDeps } from '../../http/endpoint';
import type { BusMessage } from '../../live/bus';
import { defineResource } from '../../resources/define';
import { rowsOf } from '../equipment/rowsOf';
import { dcServices } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookOutbox;
  }
}

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One event for one service: made once however many instances hear the event (`event_key` is unique per service),
 * then tried until the receiver answers 2xx or the attempts run out.
 */
export const dcWebhookDeliveries = pgTable('dc_webhook_deliveries', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  serviceId: integer('service_id').notNull().references(() => dcServices.id, { onDelete: 'cascade' }),
  event: text('event').notNull(),
  /** What happened, the same on every instance: `device:<id>:<online>:<at>` or `command:<id>`. */
  eventKey: text('event_key').notNull(),
  /** The body without its `id` (added when sent): event, at, org_id, data. */
  payload: jsonb('payload').notNull(),
  state: text('state').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  /** The receiver's last HTTP status; 0: no answer (time-out, refused, unreachable). */
  lastStatus: integer('last_status'),
  lastError: text('last_error').notNull().default(''),
  nextAt: ts('next_at').notNull().defaultNow(),
  /** Claimed by an instance sending it until then (a crashed sender's claim runs out). */
  lockedUntil: ts('locked_until'),
  deliveredAt: ts('delivered_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('dc_webhook_deliveries_event_uq').on(t.serviceId, t.eventKey),
  index('dc_webhook_deliveries_due_idx').on(t.nextAt).where(sql`${t.state} = 'pending'`),
  index('dc_webhook_deliveries_org_created_idx').on(t.orgId, t.createdAt),
  index('dc_webhook_deliveries_org_service_idx').on(t.orgId, t.serviceId),
  index('dc_webhook_deliveries_org_event_idx').on(t.orgId, t.event),
  index('dc_webhook_deliveries_org_state_idx').on(t.orgId, t.state),
]);

/** The delivery log; *redeliver* sends one again now (a failed one with a fresh set of attempts). */
export const dcWebhookBinding = defineResource({
  decl: dcWebhookResource,
  table: dcWebhookDeliveries,
  tenant: { kind: 'column', column: dcWebhookDeliveries.orgId },
  actions: {
    async redeliver(ctx, exec, id) {
      await exec.update(dcWebhookDeliveries).set({
        state: 'pending', nextAt: ctx.services.now(), lockedUntil: null,
        attempts: sql`case when ${dcWebhookDeliveries.state} = 'failed' then 0 else ${dcWebhookDeliveries.attempts} end`,
      }).where(eq(dcWebhookDeliveries.id, id));
      ctx.afterCommit(() => ctx.req.server.webhooks.kick());
    },
  },
});

/** Deliveries one sender takes at a time. */
const CLAIM = 20;
/** How long a claim holds: longer than a delivery's time-out. */
const CLAIM_MS = WEBHOOK_TIMEOUT_MS * 3;
/** How long an organisation's subscribed services are trusted (a change to a service takes effect within it). */
const SUBSCRIBERS_TTL_MS = 5000;
/** Delivered and failed deliveries are kept this long. */
const KEEP_DAYS = 30;

interface Subscriber { id: number; events: WebhookSubscription }

/**
 * Webhooks: hears device presence and command results on the live bus, records a delivery per subscribed service
 * (approved, secret issued), and sends due deliveries — claimed with `FOR UPDATE SKIP LOCKED`, so several instances
 * share the work and never send one twice at once. A failed attempt waits `webhookRetryDelayMs` (doubling from
 * `WEBHOOK_RETRY_S`, at most an hour); after `WEBHOOK_MAX_ATTEMPTS` the delivery is `failed`.
 */
export class WebhookOutbox {
  private readonly subscribers = new Map<number, { at: number; list: Subscriber[] }>();
  private pumping = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private lastCleanup = 0;
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly database: Database,
    private readonly now: () => Date,
    private readonly retryFirstS: number,
    private readonly log: FastifyInstance['log'],
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.running]);
  }

  /** Records the deliveries a bus message asks for (each instance tries; the unique key keeps one). */
  heard(msg: BusMessage): Promise<void> {
    if (msg.type === 'device') {
      const event: WebhookEvent = msg.online === 1 ? 'device.online' : 'device.offline';
      return this.track(this.record(msg.org_id, event, `device:${msg.id}:${msg.online}:${msg.at}`, msg.at, async () => ({ id: msg.id, serial: msg.serial, online: msg.online })));
    }
    if (msg.type === 'command' && isFinalState(msg.state)) {
      return this.track(this.record(msg.org_id, 'command.result', `command:${msg.id}`, msg.at, async () => {
        const [c] = rowsOf<{ name: string; state: string; result: unknown; device_id: number; serial: string }>(await this.database.db.execute(sql`
          select c.name, c.state, c.result, c.device_id, d.serial from ${deviceCommands} c join ${devices} d on d.id = c.device_id where c.id = ${msg.id}`));
        return { id: msg.id, device_id: msg.device_id, serial: c?.serial ?? '', name: c?.name ?? '', state: msg.state, result: c?.result ?? null };
      }));
    }
    return Promise.resolve();
  }

  /** Sends what is due now, on this instance (after a new delivery, a redelivery, and every second). */
  kick(): void {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void this.track(this.pump().finally(() => {
      this.pumping = false;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    }));
  }

  /** Keeps `p` until it settles (stop waits for it); a failure is logged, never thrown. */
  private track(p: Promise<unknown>): Promise<void> {
    const tracked = p.then(() => undefined, (err: unknown) => this.log.error({ err }, 'webhooks'));
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
    return tracked;
  }

  private async subscribersOf(orgId: number): Promise<Subscriber[]> {
    const cached = this.subscribers.get(orgId);
    if (cached && Date.now() - cached.at < SUBSCRIBERS_TTL_MS) return cached.list;
    const rows = await this.database.db.select({ id: dcServices.id, events: dcServices.webhookEvents }).from(dcServices)
      .where(and(eq(dcServices.orgId, orgId), eq(dcServices.state, 'approved'), sql`${dcServices.secretHash} is not null`));
    const list = rows.filter((r) => (WEBHOOK_SUBSCRIPTIONS as readonly string[]).includes(r.events))
      .map((r) => ({ id: r.id, events: r.events as WebhookSubscription }));
    this.subscribers.set(orgId, { at: Date.now(), list });
    return list;
  }

  private async record(orgId: number, event: WebhookEvent, key: string, at: string, data: () => Promise<Record<string, unknown>>): Promise<void> {
    const services = (await this.subscribersOf(orgId)).filter((s) => subscribesTo(s.events, event));
    if (!services.length) return;
    const payload: Omit<WebhookPayload, 'id'> = { event, at, org_id: orgId, data: await data() };
    const made = await this.database.db.insert(dcWebhookDeliveries)
      .values(services.map((s) => ({ orgId, serviceId: s.id, event, eventKey: key, payload, nextAt: this.now(), createdAt: new Date(at) })))
      .onConflictDoNothing().returning({ id: dcWebhookDeliveries.id });
    if (made.length) this.kick();
  }

  private async pump(): Promise<void> {
    for (;;) {
      const now = this.now();
      const claimed = rowsOf<{ id: number; service_id: number; event: string; payload: Omit<WebhookPayload, 'id'>; attempts: number }>(await this.database.db.execute(sql`
        update ${dcWebhookDeliveries} d set locked_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz, attempts = d.attempts + 1
        where d.id in (
          select id from ${dcWebhookDeliveries}
          where state = 'pending' and next_at <= ${now.toISOString()}::timestamptz and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
          order by next_at limit ${CLAIM} for update skip locked)
        returning d.id, d.service_id, d.event, d.payload, d.attempts`));
      if (!claimed.length) break;
      const ids = [...new Set(claimed.map((c) => c.service_id))];
      const services = new Map((await this.database.db.select().from(dcServices).where(inArray(dcServices.id, ids))).map((s) => [s.id, s]));
      await Promise.all(claimed.map((c) => this.send(c, services.get(c.service_id))));
      if (claimed.length < CLAIM) break;
    }
    if (Date.now() - this.lastCleanup > 10 * 60_000) {
      this.lastCleanup = Date.now();
      const before = new Date(this.now().getTime() - KEEP_DAYS * 86_400_000);
      await this.database.db.delete(dcWebhookDeliveries).where(and(inArray(dcWebhookDeliveries.state, ['delivered', 'failed']), lt(dcWebhookDeliveries.createdAt, before)));
    }
  }

  private async send(
    d: { id: number; event: string; payload: Omit<WebhookPayload, 'id'>; attempts: number },
    service: typeof dcServices.$inferSelect | undefined,
  ): Promise<void> {
    const done = (values: Partial<typeof dcWebhookDeliveries.$inferInsert>) =>
      this.database.db.update(dcWebhookDeliveries).set({ lockedUntil: null, ...values }).where(eq(dcWebhookDeliveries.id, d.id));
    // The service may have been rejected, lost its secret or unsubscribed since the event: nothing is sent.
    if (!service || service.state !== 'approved' || !service.secretHash || !subscribesTo(service.webhookEvents as WebhookSubscription, d.event as WebhookEvent)) {
      await done({ state: 'failed', lastStatus: 0, lastError: 'the service no longer receives this event' });
      return;
    }
    const body = JSON.stringify({ id: d.id, ...d.payload });
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    const signature = createHmac('sha256', service.secretHash).update(webhookSignatureBase(timestamp, body)).digest('hex');
    let status = 0;
    let error = '';
    try {
      const res = await fetch(service.callbackUrl, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'gx-webhooks/1',
          [WEBHOOK_HEADERS.event]: d.event,
          [WEBHOOK_HEADERS.delivery]: String(d.id),
          [WEBHOOK_HEADERS.timestamp]: timestamp,
          [WEBHOOK_HEADERS.signature]: signature,
        },
        body,
      });
      status = res.status;
      await res.body?.cancel();
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (err) {
      error = (err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)).slice(0, 500);
    }
    const at = this.now();
    if (!error) await done({ state: 'delivered', lastStatus: status, lastError: '', deliveredAt: at });
    else if (d.attempts >= WEBHOOK_MAX_ATTEMPTS) await done({ state: 'failed', lastStatus: status, lastError: error });
    else await done({ lastStatus: status, lastError: error, nextAt: new Date(at.getTime() + webhookRetryDelayMs(d.attempts, this.retryFirstS)) });
  }
}

/** The outbox as one unit with a start and a stop, hearing the bus; shared on the root so actions reach it. */
export function registerWebhooks(app: FastifyInstance, deps: EndpointDeps): void {
  const outbox = new WebhookOutbox(deps.database, () => deps.services.now(), deps.config.webhookRetrySeconds, app.log);
  app.decorate('webhooks', outbox);
  let off: (() => void) | null = null;
  app.addHook('onReady', async () => {
    off = app.liveBus.subscribe((msg) => void outbox.heard(msg));
    outbox.start();
  });
  app.addHook('preClose', async () => {
    off?.();
    await outbox.stop();
  });
}
