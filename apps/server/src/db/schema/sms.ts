import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An organisation's SMS templates (SPEC §7 SMS config; the page configuration's msg_id picks one). */
export const smsTemplates = pgTable('sms_templates', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  content: text('content').notNull(),
  sign: text('sign').notNull().default(''),
  /** The provider's template code, e.g. SMS_71390007. */
  templateCode: text('template_code').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('sms_templates_org_idx').on(t.orgId)]);

/**
 * Every SMS the server sends, whichever provider. Template parameters (the codes) are kept only for the local
 * provider, so development and tests can read the code while production never stores one in clear.
 */
export const smsMessages = pgTable('sms_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: integer('org_id').references(() => organizations.id, { onDelete: 'set null' }),
  phone: text('phone').notNull(),
  signName: text('sign_name').notNull().default(''),
  templateCode: text('template_code').notNull(),
  params: jsonb('params'),
  provider: text('provider').notNull(),
  /** sent | failed */
  status: text('status').notNull(),
  providerId: text('provider_id').notNull().default(''),
  error: text('error').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('sms_messages_org_idx').on(t.orgId, t.createdAt), index('sms_messages_phone_idx').on(t.phone, t.createdAt)]);
