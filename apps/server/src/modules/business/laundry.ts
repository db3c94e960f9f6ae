import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { Code, STATUS_ENABLED, laundryMachineResource, laundryOrderResource } from '@gx/contract';
import { organizations, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { WireRow } from '../../resources/types';
import { assertActionFields } from '../../resources/write';
import { LaundryUnavailable, type LaundryProgram, type LaundryState } from '../../providers/laundry/types';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** The organisation's washers, bound to the laundry platform by the platform's machine id. */
export const laundryMachines = pgTable('business_laundry_machines', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  site: text('site').notNull().default(''),
  place: text('place').notNull().default(''),
  externalId: text('external_id').notNull(),
  /** Cents per wash of each program; `price_cents` is the standard wash. */
  priceCents: integer('price_cents').notNull(),
  quickPriceCents: integer('quick_price_cents').notNull().default(0),
  heavyPriceCents: integer('heavy_price_cents').notNull().default(0),
  status: integer('status').notNull().default(1),
  /** What the platform last said: unknown (never asked) | idle | running | fault | offline. */
  state: text('state').notNull().default('unknown'),
  remainingMin: integer('remaining_min').notNull().default(0),
  checkedAt: ts('checked_at'),
  /** The program of the last start. */
  program: text('program'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('business_laundry_machines_org_external_uq').on(t.orgId, t.externalId),
  prefixIdx('business_laundry_machines_external_prefix_idx', t.externalId),
  prefixIdx('business_laundry_machines_name_prefix_idx', t.name),
  index('business_laundry_machines_org_name_idx').on(t.orgId, t.name),
  index('business_laundry_machines_org_site_idx').on(t.orgId, t.site),
  index('business_laundry_machines_org_state_idx').on(t.orgId, t.state),
  index('business_laundry_machines_org_status_idx').on(t.orgId, t.status),
]);

/** Every start asked of the platform: the order number is the platform's idempotency key. */
export const laundryOrders = pgTable('business_laundry_orders', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  /** The machine, while it is registered; the platform's id stays with the order. */
  machineId: integer('machine_id').references(() => laundryMachines.id, { onDelete: 'set null' }),
  externalId: text('external_id').notNull(),
  orderNo: text('order_no').notNull(),
  program: text('program').notNull(),
  /** The program's price at the start; 0 when the platform refused (nothing is owed). */
  amountCents: integer('amount_cents').notNull().default(0),
  /** started | refused */
  state: text('state').notNull(),
  /** The platform's refusal: running | fault | offline | program; '' when started. */
  reason: text('reason').notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('business_laundry_orders_order_no_uq').on(t.orderNo),
  prefixIdx('business_laundry_orders_order_no_prefix_idx', t.orderNo),
  index('business_laundry_orders_org_created_idx').on(t.orgId, t.createdAt),
  index('business_laundry_orders_org_machine_idx').on(t.orgId, t.machineId),
  index('business_laundry_orders_org_state_idx').on(t.orgId, t.state),
  index('business_laundry_orders_machine_idx').on(t.machineId),
]);

/** "LD" + yyyyMMddHHmmss + 6 random digits: sortable by time; the unique index catches the rare clash. */
export function laundryOrderNumber(now: Date): string {
  return `LD${now.toISOString().replace(/\D/g, '').slice(0, 14)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

const PRICE_FIELD: Readonly<Record<LaundryProgram, string>> = { standard: 'price_cents', quick: 'quick_price_cents', heavy: 'heavy_price_cents' };

/** A machine state that refuses a start, as its message key (the machine, `id`, is named). */
const BUSY: Readonly<Record<Exclude<LaundryState, 'idle'>, string>> = {
  running: 'validation.laundryRunning', fault: 'validation.laundryFault', offline: 'validation.laundryOffline',
};

/** The platform's answer, or 1000 naming the machine when it cannot be asked (nothing is written then). */
async function ask<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof LaundryUnavailable) throw new AppError(Code.FAILED, 'validation.laundryUnavailable', 'id');
    throw e;
  }
}

const machineOf = (before: WireRow) => String(before.external_id);

export const laundryMachineBinding = defineResource({
  decl: laundryMachineResource,
  table: laundryMachines,
  tenant: { kind: 'column', column: laundryMachines.orgId },
  hooks: {
    /** Another platform id is another machine: what was known of the old one no longer holds. */
    async beforeUpdate(_ctx, _exec, _id, input, values, before) {
      if (input.external_id !== undefined && input.external_id !== before.external_id) {
        Object.assign(values, { state: 'unknown', remainingMin: 0, checkedAt: null });
      }
    },
  },
  actions: {
    /** Asks the platform for the machine's state and keeps it, with the time asked. */
    async refresh(ctx, exec, id, _input, before) {
      const s = await ask(() => ctx.services.laundry.machineStatus(machineOf(before)));
      const now = ctx.services.now();
      await exec.update(laundryMachines).set({ state: s.state, remainingMin: s.remainingMin, checkedAt: now, updatedAt: now }).where(eq(laundryMachines.id, id));
    },
    /**
     * Starts a program: refused naming `id` (nothing written) when the machine is disabled, or when the platform,
     * asked first, says it is running, faulty or offline. Otherwise the platform is asked to start it under a new
     * order number and the order is written whatever it answers: `started` at the program's price, or `refused`
     * (free) with the platform's reason — a machine taken in between, a program it does not run.
     */
    async start(ctx, exec, id, input, before) {
      assertActionFields(laundryMachineResource.actions?.find((a) => a.name === 'start'), input);
      if (before.status !== STATUS_ENABLED) throw new AppError(Code.CONFLICT, 'validation.laundryDisabled', 'id');
      const laundry = ctx.services.laundry;
      const machine = machineOf(before);
      const status = await ask(() => laundry.machineStatus(machine));
      if (status.state !== 'idle') throw new AppError(Code.CONFLICT, BUSY[status.state], 'id');
      const program = input.program as LaundryProgram;
      const orderNo = laundryOrderNumber(ctx.services.now());
      const answer = await ask(() => laundry.startProgram(machine, program, orderNo));
      const now = ctx.services.now();
      const [order] = await exec.insert(laundryOrders).values({
        orgId: ctx.orgId(), machineId: id, externalId: machine, orderNo, program,
        amountCents: answer.accepted ? Number(before[PRICE_FIELD[program]] ?? 0) : 0,
        state: answer.accepted ? 'started' : 'refused', reason: answer.accepted ? '' : answer.reason,
        createdBy: ctx.user().userId, createdAt: now,
      }).returning({ id: laundryOrders.id });
      const seen = answer.accepted ? { state: 'running', remainingMin: answer.remainingMin }
        : answer.reason === 'program' ? {} : { state: answer.reason, remainingMin: 0 };
      await exec.update(laundryMachines).set({ ...seen, program, checkedAt: now, updatedAt: now }).where(eq(laundryMachines.id, id));
      return { answer: { order: { id: order!.id, order_no: orderNo, state: answer.accepted ? 'started' : 'refused', reason: answer.accepted ? '' : answer.reason } } };
    },
  },
});

/** Read-only: orders come only from `start`. */
export const laundryOrderBinding = defineResource({
  decl: laundryOrderResource,
  table: laundryOrders,
  tenant: { kind: 'column', column: laundryOrders.orgId },
});

