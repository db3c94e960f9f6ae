import { sql } from 'drizzle-orm';
import {
  index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './core';

/**
 * Tables of the system area beyond the core ones (SPEC §7 System): clusters, departments, the cloud-app catalogue
 * and its orders, organisation managers and permission groups. Tenant-owned rows carry `org_id`.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () => ts('updated_at').notNull().defaultNow();
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** Service clusters (regions) organisations are served from. */
export const clusters = pgTable('clusters', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  region: text('region').notNull().default(''),
  apiUrl: text('api_url').notNull().default(''),
  brokerUrl: text('broker_url').notNull().default(''),
  status: integer('status').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  uniqueIndex('clusters_code_uq').on(t.code),
  prefixIdx('clusters_name_prefix_idx', t.name),
  index('clusters_name_idx').on(t.name),
  index('clusters_status_idx').on(t.status),
]);

/** Which cluster serves an organisation: at most one each. */
export const organizationClusters = pgTable('organization_clusters', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  clusterId: integer('cluster_id').notNull().references(() => clusters.id, { onDelete: 'restrict' }),
  createdAt: created(),
}, (t) => [
  uniqueIndex('organization_clusters_org_uq').on(t.orgId),
  index('organization_clusters_cluster_idx').on(t.clusterId),
  index('organization_clusters_created_idx').on(t.createdAt),
]);

/** Departments of an organisation, as a tree. */
export const units = pgTable('units', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  leaderId: integer('leader_id').references(() => users.id, { onDelete: 'set null' }),
  phone: text('phone').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  remark: text('remark').notNull().default(''),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  index('units_org_sort_idx').on(t.orgId, t.sort),
  index('units_org_name_idx').on(t.orgId, t.name),
  index('units_org_created_idx').on(t.orgId, t.createdAt),
  index('units_parent_idx').on(t.parentId),
  prefixIdx('units_name_prefix_idx', t.name),
]);

/** The catalogue of cloud applications organisations can order. */
export const cloudApps = pgTable('cloud_apps', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  icon: text('icon').notNull().default(''),
  url: text('url').notNull().default(''),
  price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  uniqueIndex('cloud_apps_code_uq').on(t.code),
  prefixIdx('cloud_apps_name_prefix_idx', t.name),
  index('cloud_apps_name_idx').on(t.name),
  index('cloud_apps_sort_idx').on(t.sort),
  index('cloud_apps_price_idx').on(t.price),
  index('cloud_apps_status_idx').on(t.status),
]);

/** An organisation's order of a cloud app: 0 pending, 1 paid, 2 cancelled. */
export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  orderNo: text('order_no').notNull(),
  cloudAppId: integer('cloud_app_id').notNull().references(() => cloudApps.id, { onDelete: 'restrict' }),
  quantity: integer('quantity').notNull().default(1),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
  status: integer('status').notNull().default(0),
  remark: text('remark').notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  uniqueIndex('orders_order_no_uq').on(t.orderNo),
  prefixIdx('orders_order_no_prefix_idx', t.orderNo),
  index('orders_org_created_idx').on(t.orgId, t.createdAt),
  index('orders_org_amount_idx').on(t.orgId, t.amount),
  index('orders_org_status_idx').on(t.orgId, t.status),
]);

/** Members who answer for an organisation (a designation; rights come from roles). */
export const organizationManagers = pgTable('organization_managers', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull().default(''),
  createdAt: created(),
}, (t) => [
  uniqueIndex('organization_managers_org_user_uq').on(t.orgId, t.userId),
  index('organization_managers_org_created_idx').on(t.orgId, t.createdAt),
]);

/** Platform-defined sets of menus and buttons a role editor can start from. */
export const authorityGroups = pgTable('authority_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  remark: text('remark').notNull().default(''),
  menuIds: integer('menu_ids').array().notNull().default(sql`'{}'::integer[]`),
  buttonIds: integer('button_ids').array().notNull().default(sql`'{}'::integer[]`),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  prefixIdx('authority_groups_name_prefix_idx', t.name),
  index('authority_groups_name_idx').on(t.name),
  index('authority_groups_created_idx').on(t.createdAt),
]);
