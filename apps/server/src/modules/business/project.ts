import { userNameOf } from '../../resources/readColumns';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { projectMemberResource, projectResource } from '@gx/contract';
import { orgMembers, organizations, users } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** Projects of an organisation. */
export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  customer: text('customer').notNull().default(''),
  address: text('address').notNull().default(''),
  managerId: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
  startsOn: ts('starts_on'),
  endsOn: ts('ends_on'),
  status: integer('status').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  prefixIdx('projects_name_prefix_idx', t.name),
  index('projects_org_name_idx').on(t.orgId, t.name),
  index('projects_org_status_idx').on(t.orgId, t.status),
  index('projects_org_id_idx').on(t.orgId, t.id),
  index('projects_manager_idx').on(t.managerId),
]);

/** A user in a project with a role there; once per project. */
export const projectMembers = pgTable('project_members', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').notNull().default('engineer'),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('project_members_project_user_uq').on(t.projectId, t.userId),
  index('project_members_org_project_idx').on(t.orgId, t.projectId),
  index('project_members_org_role_idx').on(t.orgId, t.role),
  index('project_members_user_idx').on(t.userId),
]);

export const projectBinding = defineResource({
  decl: projectResource,
  table: projects,
  tenant: { kind: 'column', column: projects.orgId },
  columns: {
    member_count: sql<number>`(select count(*)::int from ${projectMembers} m where m.project_id = ${qualified(projects.id)})`,
  },
});

/**
 * Members added here and the project must be the organisation's own (the engine checks both references, naming the
 * field); a member who came by invitation may belong elsewhere, so the list names every member itself and marks
 * those who are not members of the organisation.
 */
export const projectMemberBinding = defineResource({
  decl: projectMemberResource,
  table: projectMembers,
  tenant: { kind: 'column', column: projectMembers.orgId },
  columns: {
    member_name: userNameOf(projectMembers.userId),
    outside: sql<number>`(case when exists (select 1 from ${orgMembers} om where om.org_id = ${qualified(projectMembers.orgId)} and om.user_id = ${qualified(projectMembers.userId)}) then 0 else 1 end)`,
  },
});
