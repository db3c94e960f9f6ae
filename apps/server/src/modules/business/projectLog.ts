import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { projectLogResource } from '@gx/contract';
import { organizations, users } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { projects } from './project';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** Dated entries of a project: progress, issues, site visits, deliveries. */
export const projectLogs = pgTable('project_logs', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  happenedAt: ts('happened_at').notNull(),
  kind: text('kind').notNull().default('progress'),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('project_logs_org_happened_idx').on(t.orgId, t.happenedAt),
  index('project_logs_org_project_idx').on(t.orgId, t.projectId, t.happenedAt),
  index('project_logs_org_kind_idx').on(t.orgId, t.kind),
  index('project_logs_created_by_idx').on(t.createdBy),
  prefixIdx('project_logs_title_prefix_idx', t.title),
]);

export const projectLogBinding = defineResource({
  decl: projectLogResource,
  table: projectLogs,
  tenant: { kind: 'column', column: projectLogs.orgId },
  hooks: {
    /** The writer is whoever adds the entry, never what the body says. */
    async beforeAdd(ctx, _exec, _input, values) { values.createdBy = ctx.user().userId; },
  },
});
