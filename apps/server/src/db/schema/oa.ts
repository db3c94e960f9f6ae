import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Complaints and suggestions users send from the navbar (SPEC §2), read by administrators. */
export const suggestions = pgTable('suggestions', {
  id: serial('id').primaryKey(),
  /** The sender's current organisation when sending; null when it had none. */
  orgId: integer('org_id').references(() => organizations.id, { onDelete: 'set null' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  content: text('content').notNull(),
  /** 0 new, 1 handled */
  status: integer('status').notNull().default(0),
  reply: text('reply').notNull().default(''),
  handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  handledAt: ts('handled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('suggestions_org_idx').on(t.orgId, t.createdAt),
  index('suggestions_created_idx').on(t.createdAt),
  // The administrators' list filters by status (new / handled), newest first.
  index('suggestions_status_idx').on(t.status, t.createdAt),
  // The dashboard counts an organisation's unhandled suggestions (0015_dashboard).
  index('suggestions_org_status_idx').on(t.orgId, t.status),
]);
