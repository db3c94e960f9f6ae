import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { classificationResource } from '@gx/contract';
import { organizations } from '../../db/schema';
import { defineResource } from '../../resources/define';

const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** Article categories of an organisation, a tree (`parent_id`) ordered by `sort`. */
export const consultClassifications = pgTable('consult_classifications', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  parentId: integer('parent_id').references((): AnyPgColumn => consultClassifications.id),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('consult_classifications_org_sort_idx').on(t.orgId, t.sort),
  index('consult_classifications_org_created_idx').on(t.orgId, t.createdAt),
  index('consult_classifications_org_status_idx').on(t.orgId, t.status),
  index('consult_classifications_parent_idx').on(t.parentId),
  prefixIdx('consult_classifications_name_prefix_idx', t.name),
]);

/**
 * Categories: the parent must be the organisation's own and never the category itself or one below it (the
 * engine's tree checks); removal is refused while sub-categories or articles name it (`usedBy`).
 */
export const classificationBinding = defineResource({
  decl: classificationResource,
  table: consultClassifications,
  tenant: { kind: 'column', column: consultClassifications.orgId },
});
