import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Announcements (`notice`) and notifications (`inform`) written by administrators (SPEC §7 /admin/notification/*).
 * Owned by the organisation that wrote them; who receives them is `audience` plus notification_targets.
 */
export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  /** notice | inform */
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  /** HTML, sanitised with an allow-list when written. */
  content: text('content').notNull().default(''),
  /** all | orgs | users */
  audience: text('audience').notNull(),
  /** 0 draft, 1 published, 2 withdrawn */
  status: integer('status').notNull().default(0),
  publishedAt: ts('published_at'),
  withdrawnAt: ts('withdrawn_at'),
  expiresAt: ts('expires_at'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('notifications_org_idx').on(t.orgId, t.createdAt),
  index('notifications_live_idx').on(t.kind, t.status, t.publishedAt),
  index('notifications_org_status_idx').on(t.orgId, t.status),
  index('notifications_title_prefix_idx').using('btree', sql`lower(${t.title}) text_pattern_ops`),
]);

/** Recipients of an `orgs` or `users` audience: one row per organisation or user. */
export const notificationTargets = pgTable('notification_targets', {
  notificationId: integer('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
  /** org | user */
  targetType: text('target_type').notNull(),
  targetId: integer('target_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.notificationId, t.targetType, t.targetId] }),
  index('notification_targets_target_idx').on(t.targetType, t.targetId),
]);

/** A row means the user has read the notification (status 1); no row, unread (status 0). */
export const notificationReads = pgTable('notification_reads', {
  notificationId: integer('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  readAt: ts('read_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.notificationId, t.userId] }), index('notification_reads_user_idx').on(t.userId)]);
