import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { Code, DC_DASHBOARD_KEY, DC_STATS_PATH, callStatsBody, type CallStatsAnswer, type CallStatsDay } from '@gx/contract';
import type { Database } from '../../db/client';
import { method, type EndpointDeps, type EndpointSpec } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { dcServices } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    callStats?: CallStats;
  }
}

/** Signed calls per service per UTC day: how many, how many answered other than 200, and their times. */
export const dcCallDays = pgTable('dc_call_days', {
  serviceId: integer('service_id').notNull().references(() => dcServices.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  calls: integer('calls').notNull().default(0),
  errors: integer('errors').notNull().default(0),
  /** Sum of answer times in ms (the mean is this over `calls`). */
  totalMs: integer('total_ms').notNull().default(0),
  maxMs: integer('max_ms').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.serviceId, t.day] })]);

interface Tally { calls: number; errors: number; totalMs: number; maxMs: number }

/**
 * Counts signed calls in memory and adds them to `dc_call_days` every second (one upsert per service and day, not
 * one per call), so a busy integration costs the database a few writes a second; stopping flushes what is held.
 */
export class CallStats {
  private held = new Map<string, Tally>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly database: Database, private readonly now: () => Date, private readonly onError: (err: unknown) => void) {}

  record(serviceId: number, ok: boolean, ms: number): void {
    const key = `${serviceId}|${this.now().toISOString().slice(0, 10)}`;
    const t = this.held.get(key) ?? { calls: 0, errors: 0, totalMs: 0, maxMs: 0 };
    const whole = Math.max(0, Math.round(ms));
    t.calls += 1;
    if (!ok) t.errors += 1;
    t.totalMs += whole;
    t.maxMs = Math.max(t.maxMs, whole);
    this.held.set(key, t);
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** Writes what is held (runs one at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (!this.held.size) return;
      const batch = this.held;
      this.held = new Map();
      const values = [...batch].map(([key, t]) => {
        const [id, day] = key.split('|');
        return { serviceId: Number(id), day: day!, calls: t.calls, errors: t.errors, totalMs: t.totalMs, maxMs: t.maxMs };
      });
      await this.database.db.insert(dcCallDays).values(values).onConflictDoUpdate({
        target: [dcCallDays.serviceId, dcCallDays.day],
        set: {
          calls: sql`${dcCallDays.calls} + excluded.calls`,
          errors: sql`${dcCallDays.errors} + excluded.errors`,
          totalMs: sql`${dcCallDays.totalMs} + excluded.total_ms`,
          maxMs: sql`greatest(${dcCallDays.maxMs}, excluded.max_ms)`,
        },
      });
    }).catch(this.onError);
    return this.flushing;
  }
}

export function registerCallStats(app: FastifyInstance, deps: EndpointDeps): void {
  const stats = new CallStats(deps.database, () => deps.services.now(), (err) => app.log.error({ err }, 'call statistics'));
  app.decorate('callStats', stats);
  app.addHook('onReady', async () => stats.start());
  app.addHook('preClose', async () => stats.stop());
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** `POST /v3/admin/dc/stats`: the organisation's signed calls per day, overall or for one of its services. */
export const callStatsEndpoint: EndpointSpec = {
  path: DC_STATS_PATH,
  methods: {
    summary: method({
      access: DC_DASHBOARD_KEY,
      body: callStatsBody,
      readOnly: true,
      async handler(ctx, input): Promise<CallStatsAnswer> {
        const services = await ctx.db.select({ id: dcServices.id, name: dcServices.name }).from(dcServices).where(eq(dcServices.orgId, ctx.orgId()));
        if (input.service_id !== undefined && !services.some((s) => s.id === input.service_id)) throw new AppError(Code.NOT_FOUND, undefined, 'service_id');
        const today = ctx.services.now();
        const from = dayOf(new Date(today.getTime() - (input.days - 1) * 86_400_000));
        const ids = input.service_id !== undefined ? [input.service_id] : services.map((s) => s.id);
        const rows = ids.length
          ? await ctx.db.select().from(dcCallDays).where(and(inArray(dcCallDays.serviceId, ids), gte(dcCallDays.day, from)))
          : [];
        const byDay = new Map<string, CallStatsDay>();
        for (let i = 0; i < input.days; i++) {
          const day = dayOf(new Date(today.getTime() - (input.days - 1 - i) * 86_400_000));
          byDay.set(day, { day, calls: 0, errors: 0, avg_ms: 0, max_ms: 0 });
        }
        const totalMs = new Map<string, number>();
        const perService = new Map<number, { calls: number; errors: number; ms: number }>();
        for (const r of rows) {
          const d = byDay.get(r.day);
          if (d) {
            d.calls += r.calls;
            d.errors += r.errors;
            d.max_ms = Math.max(d.max_ms, r.maxMs);
            totalMs.set(r.day, (totalMs.get(r.day) ?? 0) + r.totalMs);
          }
          const s = perService.get(r.serviceId) ?? { calls: 0, errors: 0, ms: 0 };
          s.calls += r.calls;
          s.errors += r.errors;
          s.ms += r.totalMs;
          perService.set(r.serviceId, s);
        }
        const days = [...byDay.values()].map((d) => ({ ...d, avg_ms: d.calls ? Math.round((totalMs.get(d.day) ?? 0) / d.calls) : 0 }));
        const list = services.filter((s) => ids.includes(s.id)).map((s) => {
          const t = perService.get(s.id) ?? { calls: 0, errors: 0, ms: 0 };
          return { id: s.id, name: s.name, calls: t.calls, errors: t.errors, avg_ms: t.calls ? Math.round(t.ms / t.calls) : 0 };
        }).sort((a, b) => b.calls - a.calls || a.id - b.id);
        const calls = list.reduce((n, s) => n + s.calls, 0);
        const ms = [...perService.values()].reduce((n, s) => n + s.ms, 0);
        return { days, services: list, totals: { calls, errors: list.reduce((n, s) => n + s.errors, 0), avg_ms: calls ? Math.round(ms / calls) : 0 } };
      },
    }),
  },
};
