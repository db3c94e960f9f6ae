import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The WeChat account bound to a user (personal data: bind, replace, unbind). One account binds one user. */
export const wechatBindings = pgTable('wechat_bindings', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  openid: text('openid').notNull(),
  unionid: text('unionid').notNull().default(''),
  nickname: text('nickname').notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  boundAt: ts('bound_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('wechat_bindings_openid_uq').on(t.openid)]);

/** Single-use OAuth `state` values, bound to the user who asked; only their SHA-256 is stored. */
export const wechatStates = pgTable('wechat_states', {
  stateHash: text('state_hash').primaryKey(),
  /** The user a `bind` state was issued to; null for `login` (nobody is signed in yet). */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** bind | login */
  purpose: text('purpose').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('wechat_states_expires_idx').on(t.expiresAt)]);

/**
 * A scanned WeChat identity bound to no account yet, kept while the visitor binds or registers one on /wxbindpage:
 * single use, short-lived, only the ticket's SHA-256 stored.
 */
export const wechatTickets = pgTable('wechat_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  openid: text('openid').notNull(),
  unionid: text('unionid').notNull().default(''),
  nickname: text('nickname').notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('wechat_tickets_expires_idx').on(t.expiresAt)]);
