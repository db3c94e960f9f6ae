import { eq, sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  Code, QUOTATION_EDITABLE_STATE, closedObject, methodField, zRowId, zTimeZone, type QuotationSheet, type QuotationState, QUOTATION_LIFECYCLE, QUOTATION_LINES_MAX, STATUS_ENABLED, quotationLineCents, quotationLineResource,
  quotationResource, quoteDeviceResource, stepOf,
} from '@gx/contract';
import { organizations, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import { accessScope } from '../../resources/scope';
import type { ColumnValues, Input, ResourceServer, WireRow } from '../../resources/types';
import { loadOne } from '../../resources/write';
import { projects } from './project';
import { quotationXlsx } from './quotationSheet';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** The organisation's price list of quotable devices. */
export const quoteDevices = pgTable('quote_devices', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  model: text('model').notNull(),
  name: text('name').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
  costCents: integer('cost_cents').notNull().default(0),
  stock: integer('stock').notNull().default(0),
  unit: text('unit').notNull().default(''),
  status: integer('status').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  prefixIdx('quote_devices_model_prefix_idx', t.model),
  prefixIdx('quote_devices_name_prefix_idx', t.name),
  index('quote_devices_org_model_idx').on(t.orgId, t.model),
  index('quote_devices_org_price_idx').on(t.orgId, t.unitPriceCents),
  index('quote_devices_org_status_idx').on(t.orgId, t.status),
  index('quote_devices_org_id_idx').on(t.orgId, t.id),
]);

/** Quotations; `state` follows `QUOTATION_LIFECYCLE`; totals are sums of the lines, never stored twice. */
export const quotations = pgTable('quotations', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  quoteNo: text('quote_no').notNull(),
  customer: text('customer').notNull(),
  projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
  state: text('state').notNull().default('draft'),
  validUntil: ts('valid_until'),
  taxRateBp: integer('tax_rate_bp').notNull().default(0),
  remark: text('remark').notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  sentAt: ts('sent_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('quotations_org_quote_no_uq').on(t.orgId, t.quoteNo),
  prefixIdx('quotations_quote_no_prefix_idx', t.quoteNo),
  prefixIdx('quotations_customer_prefix_idx', t.customer),
  index('quotations_org_state_idx').on(t.orgId, t.state),
  index('quotations_org_project_idx').on(t.orgId, t.projectId),
  index('quotations_org_created_idx').on(t.orgId, t.createdAt),
  index('quotations_org_id_idx').on(t.orgId, t.id),
]);

/** Lines of a quotation; `amount_cents` is the server's (`quotationLineCents`). */
export const quotationLines = pgTable('quotation_lines', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  quotationId: integer('quotation_id').notNull().references(() => quotations.id, { onDelete: 'cascade' }),
  quoteDeviceId: integer('quote_device_id').notNull().references(() => quoteDevices.id, { onDelete: 'restrict' }),
  quantity: integer('quantity').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
  discountPercent: integer('discount_percent').notNull().default(0),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('quotation_lines_org_quotation_idx').on(t.orgId, t.quotationId, t.id),
  index('quotation_lines_quotation_idx').on(t.quotationId),
  index('quotation_lines_device_idx').on(t.quoteDeviceId),
]);

/**
 * The last number given per organisation and year. Taking a number is an upsert on this row inside the add's
 * transaction: concurrent adds queue on its row lock, and a rolled-back add gives its number back — no gaps.
 */
export const quotationCounters = pgTable('quotation_counters', {
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  year: integer('year').notNull(),
  last: integer('last').notNull(),
}, (t) => [primaryKey({ columns: [t.orgId, t.year] })]);

/** `Q<year>-00001`: the next number of the organisation in that (UTC) year. */
export async function nextQuoteNo(exec: Executor, orgId: number, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const [row] = await exec.insert(quotationCounters).values({ orgId, year, last: 1 })
    .onConflictDoUpdate({ target: [quotationCounters.orgId, quotationCounters.year], set: { last: sql`${quotationCounters.last} + 1` } })
    .returning({ last: quotationCounters.last });
  return `Q${year}-${String(row!.last).padStart(5, '0')}`;
}

export const quoteDeviceBinding = defineResource({
  decl: quoteDeviceResource,
  table: quoteDevices,
  tenant: { kind: 'column', column: quoteDevices.orgId },
  columns: {
    /** Price less cost; negative when the device is sold below cost (allowed). */
    margin_cents: sql<number>`(${qualified(quoteDevices.unitPriceCents)} - ${qualified(quoteDevices.costCents)})`,
  },
});

/** A sum over a quotation's lines, exact (bigint sums to numeric). */
const lineSumExact = (expr: string) => sql`(select coalesce(sum(${sql.raw(expr)}), 0) from ${quotationLines} l where l.quotation_id = ${qualified(quotations.id)})`;
/** Sums over a quotation's lines; float8 keeps them numbers (exact: every total stays far below 2^53). */
const lineSum = (expr: string) => sql<number>`${lineSumExact(expr)}::float8`;
/**
 * The tax on the amount after discounts, rounded half up (`quotationTaxCents`): in numeric, as the product passes
 * bigint at the caps (2·10^15 × 10,000); the result (≤ 2·10^15) and the total (≤ 4·10^15) stay exact in float8.
 */
const taxExact = sql`div(${lineSumExact('l.amount_cents')}::numeric * ${qualified(quotations.taxRateBp)} + 5000, 10000)`;

/** Refuses a change to a quotation that is no longer a draft (1007 naming `field`). */
function assertDraft(state: unknown, field: string): void {
  if (state !== QUOTATION_EDITABLE_STATE) throw new AppError(Code.CONFLICT, 'validation.quotationLocked', field);
}

/** The quotation's state, its row locked, so a line change and a send of the same quotation run one after the other. */
async function lockQuotation(exec: Executor, id: number): Promise<{ state: string; lines: number } | undefined> {
  const [q] = await exec.select({ state: quotations.state }).from(quotations).where(eq(quotations.id, id)).for('update');
  if (!q) return undefined;
  const [n] = await exec.select({ n: sql<number>`count(*)::int` }).from(quotationLines).where(eq(quotationLines.quotationId, id));
  return { state: q.state, lines: n?.n ?? 0 };
}

const sheetBody = closedObject({ method: methodField, id: zRowId });
const exportSheetBody = closedObject({ method: methodField, id: zRowId, tz: zTimeZone.optional() });

export const quotationBinding: ResourceServer = defineResource({
  decl: quotationResource,
  table: quotations,
  tenant: { kind: 'column', column: quotations.orgId },
  columns: {
    line_count: sql<number>`(select count(*)::int from ${quotationLines} l where l.quotation_id = ${qualified(quotations.id)})`,
    subtotal_cents: lineSum('l.quantity::bigint * l.unit_price_cents'),
    net_cents: lineSum('l.amount_cents'),
    tax_cents: sql<number>`(${taxExact})::float8`,
    total_cents: sql<number>`(${lineSumExact('l.amount_cents')} + ${taxExact})::float8`,
    discount_cents: lineSum('l.quantity::bigint * l.unit_price_cents - l.amount_cents'),
  },
  hooks: {
    async beforeAdd(ctx, exec, _input, values) {
      const now = ctx.services.now();
      Object.assign(values, { quoteNo: await nextQuoteNo(exec, ctx.orgId(), now), state: 'draft', createdBy: ctx.user().userId, createdAt: now, updatedAt: now });
    },
    /** Only a draft is edited or deleted; sending needs a line; a quotation past its validity cannot be accepted. */
    async guard(ctx, exec, id, operation, before) {
      if (operation === 'update') assertDraft(before.state, 'state');
      if (operation === 'remove') assertDraft(before.state, 'state');
      if (operation === 'send') {
        const q = await lockQuotation(exec, id);
        if (q && q.state === QUOTATION_EDITABLE_STATE && q.lines === 0) throw new AppError(Code.VALIDATION, 'validation.quotationEmpty', 'line_count');
      }
      if (operation === 'accept' && before.state === 'sent' && typeof before.valid_until === 'string' && new Date(before.valid_until) < ctx.services.now()) {
        throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'valid_until');
      }
    },
    async afterTransition(ctx, exec, id, action) {
      if (stepOf(QUOTATION_LIFECYCLE, action)?.to === 'sent') await exec.update(quotations).set({ sentAt: ctx.services.now() }).where(eq(quotations.id, id));
    },
  },
  methods: {
    /** The printable sheet of one quotation (the console's print view). */
    sheet: method({
      access: 'business.quotation.detail',
      body: sheetBody,
      readOnly: true,
      handler: (ctx, input): Promise<QuotationSheet> => quotationSheet(ctx, input.id),
    }),
    /** The same sheet as an .xlsx file, in the reader's language and time zone (`tz`, UTC when absent). */
    export_sheet: method({
      access: 'business.quotation.export',
      body: exportSheetBody,
      readOnly: true,
      async handler(ctx, input) {
        const sheet = await quotationSheet(ctx, input.id);
        const data = await quotationXlsx(sheet, ctx.lang, input.tz ?? 'UTC');
        return {
          filename: `${sheet.quote_no}.xlsx`, mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          content: data.toString('base64'), rows: sheet.lines.length,
        };
      },
    }),
  },
});

/** One quotation in the caller's scope (1006 otherwise) with its lines, names and totals, as the sheet shows it. */
async function quotationSheet(ctx: RequestContext, id: number): Promise<QuotationSheet> {
  const q = await loadOne(ctx, ctx.db, quotationBinding, id, accessScope(ctx, quotationBinding));
  const [names] = await ctx.db.select({
    project: sql<string>`coalesce(${projects.name}, '')`,
    preparedBy: sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username}, '')`,
    organization: organizations.name,
  }).from(quotations).innerJoin(organizations, eq(organizations.id, quotations.orgId))
    .leftJoin(projects, eq(projects.id, quotations.projectId)).leftJoin(users, eq(users.id, quotations.createdBy))
    .where(eq(quotations.id, id));
  const iso = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v));
  return {
    quote_no: String(q.quote_no), customer: String(q.customer), project: names?.project ?? '', state: q.state as QuotationState,
    valid_until: iso(q.valid_until), created_at: iso(q.created_at) ?? '', sent_at: iso(q.sent_at), prepared_by: names?.preparedBy ?? '',
    organization: names?.organization ?? '', remark: String(q.remark ?? ''),
    lines: await linesOf(ctx.db, id),
    subtotal_cents: Number(q.subtotal_cents), discount_cents: Number(q.discount_cents), net_cents: Number(q.net_cents),
    tax_rate_bp: Number(q.tax_rate_bp), tax_cents: Number(q.tax_cents), total_cents: Number(q.total_cents),
    short_stock: await shortStockOf(ctx.db, id),
  };
}

/** Devices whose quantity over all the quotation's lines exceeds their stock (a warning only: quotations are offers). */
async function shortStockOf(exec: Executor, quotationId: number): Promise<QuotationSheet['short_stock']> {
  const quantity = sql<number>`sum(${quotationLines.quantity})::int`;
  return exec.select({ model: quoteDevices.model, quantity, stock: quoteDevices.stock })
    .from(quotationLines).innerJoin(quoteDevices, eq(quoteDevices.id, quotationLines.quoteDeviceId))
    .where(eq(quotationLines.quotationId, quotationId))
    .groupBy(quoteDevices.id, quoteDevices.model, quoteDevices.stock)
    .having(sql`sum(${quotationLines.quantity}) > ${quoteDevices.stock}`)
    .orderBy(quoteDevices.model);
}

/** A device of the price list, in scope (the engine checked the reference) and enabled (1001 naming it otherwise). */
async function quotableDevice(exec: Executor, id: number): Promise<{ unitPriceCents: number }> {
  const [d] = await exec.select({ unitPriceCents: quoteDevices.unitPriceCents, status: quoteDevices.status }).from(quoteDevices).where(eq(quoteDevices.id, id));
  if (!d) throw new AppError(Code.NOT_FOUND, undefined, 'quote_device_id');
  if (d.status !== STATUS_ENABLED) throw new AppError(Code.VALIDATION, 'validation.quoteDeviceDisabled', 'quote_device_id');
  return d;
}

const numberOr = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);

/**
 * The line's price and amount from what it will hold: given values over its current ones; a new device without a
 * price takes the price list's. Runs before every insert and update, so the stored amount is always the server's.
 */
async function priceLine(exec: Executor, input: Input, values: ColumnValues, before?: WireRow): Promise<void> {
  const deviceChanged = typeof input.quote_device_id === 'number' && input.quote_device_id !== before?.quote_device_id;
  let unitPrice = typeof input.unit_price_cents === 'number' ? input.unit_price_cents : undefined;
  if (deviceChanged) {
    const device = await quotableDevice(exec, input.quote_device_id as number);
    unitPrice ??= device.unitPriceCents;
  }
  unitPrice ??= numberOr(before?.unit_price_cents, 0);
  const quantity = numberOr(input.quantity, numberOr(before?.quantity, 1));
  const discount = numberOr(input.discount_percent, numberOr(before?.discount_percent, 0));
  Object.assign(values, { unitPriceCents: unitPrice, quantity, discountPercent: discount, amountCents: quotationLineCents(quantity, unitPrice, discount) });
}

export const quotationLineBinding = defineResource({
  decl: quotationLineResource,
  table: quotationLines,
  tenant: { kind: 'column', column: quotationLines.orgId },
  hooks: {
    async beforeAdd(_ctx, exec, input, values) {
      const q = await lockQuotation(exec, input.quotation_id as number);
      if (!q) throw new AppError(Code.NOT_FOUND, undefined, 'quotation_id');
      assertDraft(q.state, 'quotation_id');
      if (q.lines >= QUOTATION_LINES_MAX) throw new AppError(Code.VALIDATION, 'validation.tooMany', 'quotation_id');
      await priceLine(exec, input, values);
    },
    /** A line changes only while its quotation is a draft. */
    async guard(_ctx, exec, _id, _operation, before) {
      const q = await lockQuotation(exec, before.quotation_id as number);
      assertDraft(q?.state, 'quotation_id');
    },
    async beforeUpdate(_ctx, exec, _id, input, values, before) {
      await priceLine(exec, input, values, before);
    },
  },
});

/** The quotation's lines with their devices, in order (the sheet and the export read them). */
export async function linesOf(exec: Executor, quotationId: number) {
  return exec.select({
    model: quoteDevices.model, name: quoteDevices.name, unit: quoteDevices.unit, quantity: quotationLines.quantity,
    unit_price_cents: quotationLines.unitPriceCents, discount_percent: quotationLines.discountPercent, amount_cents: quotationLines.amountCents,
  }).from(quotationLines).innerJoin(quoteDevices, eq(quoteDevices.id, quotationLines.quoteDeviceId))
    .where(eq(quotationLines.quotationId, quotationId)).orderBy(quotationLines.id);
}
