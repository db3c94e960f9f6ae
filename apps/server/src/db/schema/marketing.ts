import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { organizations, users } from './core';

/**
 * Tables of the marketing section (SPEC §1 marketing): prize draws, their prizes, draws and wins; invitations;
 * service packages, operating unit prices and operation orders. Money is integer cents.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () => ts('updated_at').notNull().defaultNow();
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** A blind-box / lottery draw of an organisation. */
export const prizeActivities = pgTable('prize_activities', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  /** Draws per participant; 0: no limit. */
  drawLimit: integer('draw_limit').notNull().default(1),
  status: integer('status').notNull().default(0),
  remark: text('remark').notNull().default(''),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  prefixIdx('prize_activities_name_prefix_idx', t.name),
  index('prize_activities_org_name_idx').on(t.orgId, t.name),
  index('prize_activities_org_created_idx').on(t.orgId, t.createdAt),
  index('prize_activities_org_starts_idx').on(t.orgId, t.startsAt),
  index('prize_activities_org_ends_idx').on(t.orgId, t.endsAt),
  index('prize_activities_org_status_idx').on(t.orgId, t.status),
]);

/** The prizes of a draw; weights in hundredths of a percent, summing to 10,000 per draw. */
export const prizes = pgTable('prizes', {
  id: serial('id').primaryKey(),
  activityId: integer('activity_id').notNull().references(() => prizeActivities.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** 1 a prize, 0 "thanks for taking part". */
  kind: integer('kind').notNull().default(1),
  stock: integer('stock').notNull().default(0),
  weightBp: integer('weight_bp').notNull(),
  perUserLimit: integer('per_user_limit').notNull().default(0),
  sort: integer('sort').notNull().default(0),
}, (t) => [
  index('prizes_activity_idx').on(t.activityId, t.sort),
  // The draw decrements stock under a row lock; the check is the last line of defence against overselling.
  check('prizes_stock_nonneg', sql`${t.stock} >= 0`),
]);

/** Every draw made, won or not: the per-participant draw limit counts these. */
export const prizeDraws = pgTable('prize_draws', {
  id: serial('id').primaryKey(),
  activityId: integer('activity_id').notNull().references(() => prizeActivities.id, { onDelete: 'cascade' }),
  participant: text('participant').notNull(),
  prizeId: integer('prize_id').references(() => prizes.id, { onDelete: 'set null' }),
  createdAt: created(),
}, (t) => [index('prize_draws_participant_idx').on(t.activityId, t.participant)]);

/** Winners and their redemption: 0 won, 1 redeemed, 2 expired. The prize's name is kept as it was when won. */
export const prizeWins = pgTable('prize_wins', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  activityId: integer('activity_id').notNull().references(() => prizeActivities.id, { onDelete: 'restrict' }),
  prizeId: integer('prize_id').references(() => prizes.id, { onDelete: 'set null' }),
  prizeName: text('prize_name').notNull(),
  participant: text('participant').notNull(),
  status: integer('status').notNull().default(0),
  redeemedAt: ts('redeemed_at'),
  redeemedBy: integer('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  index('prize_wins_org_created_idx').on(t.orgId, t.createdAt),
  index('prize_wins_org_activity_idx').on(t.orgId, t.activityId),
  index('prize_wins_org_status_idx').on(t.orgId, t.status),
  index('prize_wins_org_id_idx').on(t.orgId, t.id),
  prefixIdx('prize_wins_participant_prefix_idx', t.participant),
  index('prize_wins_prize_participant_idx').on(t.prizeId, t.participant),
]);

/** Who invited whom; 0 not converted, 1 converted. */
export const invitations = pgTable('invitations', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  inviterId: integer('inviter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  invitee: text('invitee').notNull(),
  inviteePhone: text('invitee_phone').notNull().default(''),
  invitedAt: ts('invited_at').notNull(),
  status: integer('status').notNull().default(0),
  convertedAt: ts('converted_at'),
  remark: text('remark').notNull().default(''),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  index('invitations_org_invited_idx').on(t.orgId, t.invitedAt),
  index('invitations_org_inviter_idx').on(t.orgId, t.inviterId),
  index('invitations_org_status_idx').on(t.orgId, t.status),
  index('invitations_org_id_idx').on(t.orgId, t.id),
  prefixIdx('invitations_invitee_prefix_idx', t.invitee),
]);

/** The platform's service packages. */
export const servicePackages = pgTable('service_packages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
  termMonths: integer('term_months').notNull().default(12),
  devices: integer('devices').notNull().default(0),
  sms: integer('sms').notNull().default(0),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  check('service_packages_price_nonneg', sql`${t.priceCents} >= 0`),
  prefixIdx('service_packages_name_prefix_idx', t.name),
  index('service_packages_name_idx').on(t.name),
  index('service_packages_price_idx').on(t.priceCents),
  index('service_packages_sort_idx').on(t.sort),
  index('service_packages_status_idx').on(t.status),
]);

/** Operating unit prices (per device-month, per SMS, per GB-month). */
export const unitPrices = pgTable('unit_prices', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  unit: text('unit').notNull(),
  priceCents: integer('price_cents').notNull(),
  status: integer('status').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  check('unit_prices_price_nonneg', sql`${t.priceCents} >= 0`),
  prefixIdx('unit_prices_name_prefix_idx', t.name),
  index('unit_prices_name_idx').on(t.name),
  index('unit_prices_unit_idx').on(t.unit),
  index('unit_prices_price_idx').on(t.priceCents),
  index('unit_prices_status_idx').on(t.status),
  index('unit_prices_created_idx').on(t.createdAt),
]);

/** Operation orders: 0 created, 1 paid, 2 canceled, 3 refunded; exactly one of package / unit price. */
export const operationOrders = pgTable('operation_orders', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  orderNo: text('order_no').notNull(),
  packageId: integer('package_id').references(() => servicePackages.id, { onDelete: 'restrict' }),
  unitPriceId: integer('unit_price_id').references(() => unitPrices.id, { onDelete: 'restrict' }),
  quantity: integer('quantity').notNull().default(1),
  amountCents: integer('amount_cents').notNull(),
  status: integer('status').notNull().default(0),
  remark: text('remark').notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  check('operation_orders_amount_nonneg', sql`${t.amountCents} >= 0`),
  check('operation_orders_one_item', sql`(${t.packageId} is null) <> (${t.unitPriceId} is null)`),
  uniqueIndex('operation_orders_order_no_uq').on(t.orderNo),
  prefixIdx('operation_orders_order_no_prefix_idx', t.orderNo),
  index('operation_orders_org_created_idx').on(t.orgId, t.createdAt),
  index('operation_orders_org_amount_idx').on(t.orgId, t.amountCents),
  index('operation_orders_org_status_idx').on(t.orgId, t.status),
  index('operation_orders_package_idx').on(t.packageId),
  index('operation_orders_unit_price_idx').on(t.unitPriceId),
]);
