import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { phoneBookResource } from '@gx/contract';
import { organizations } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { projects } from './project';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** Contacts of a project; a phone number once per project. */
export const phoneBookEntries = pgTable('phone_book_entries', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  company: text('company').notNull().default(''),
  position: text('position').notNull().default(''),
  email: text('email').notNull().default(''),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('phone_book_project_phone_uq').on(t.projectId, t.phone),
  prefixIdx('phone_book_name_prefix_idx', t.name),
  prefixIdx('phone_book_phone_prefix_idx', t.phone),
  index('phone_book_org_name_idx').on(t.orgId, t.name),
  index('phone_book_org_project_idx').on(t.orgId, t.projectId),
]);

export const phoneBookBinding = defineResource({
  decl: phoneBookResource,
  table: phoneBookEntries,
  tenant: { kind: 'column', column: phoneBookEntries.orgId },
});
