import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { notepadResource } from '@gx/contract';
import { organizations, users } from '../../db/schema';
import { defineResource } from '../../resources/define';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** The organisation's shared notes. */
export const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  colour: text('colour').notNull().default('default'),
  pinned: integer('pinned').notNull().default(0),
  remindAt: ts('remind_at'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('notes_org_updated_idx').on(t.orgId, t.updatedAt),
  index('notes_org_pinned_idx').on(t.orgId, t.pinned),
  index('notes_org_colour_idx').on(t.orgId, t.colour),
  index('notes_org_remind_idx').on(t.orgId, t.remindAt),
  prefixIdx('notes_title_prefix_idx', t.title),
]);

export const notepadBinding = defineResource({
  decl: notepadResource,
  table: notes,
  tenant: { kind: 'column', column: notes.orgId },
  hooks: {
    async beforeAdd(ctx, _exec, _input, values) { values.createdBy = ctx.user().userId; },
  },
});
