import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { groupTeamResource } from '@gx/contract';
import { organizations, users } from '../../db/schema';
import { defineResource } from '../../resources/define';
import type { ColumnValues, Input, WireRow } from '../../resources/types';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The organisation's staff teams. */
export const groupTeams = pgTable('business_group_teams', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  leaderId: integer('leader_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Users of the organisation, the leader among them. */
  memberIds: integer('member_ids').array().notNull().default(sql`'{}'::integer[]`),
  duty: text('duty').notNull().default(''),
  status: integer('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('business_group_teams_org_name_uq').on(t.orgId, t.name),
  index('business_group_teams_org_leader_idx').on(t.orgId, t.leaderId),
  index('business_group_teams_org_status_idx').on(t.orgId, t.status),
  index('business_group_teams_org_updated_idx').on(t.orgId, t.updatedAt),
  index('business_group_teams_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
]);

/** The members to store: those given (else kept), with the leader added when missing. */
function withLeader(input: Input, values: ColumnValues, before?: WireRow): void {
  const leader = (input.leader_id ?? before?.leader_id) as number | undefined;
  if (leader === undefined) return;
  const members = (Array.isArray(input.member_ids) ? input.member_ids : before?.member_ids ?? []) as number[];
  if (!members.includes(leader)) values.memberIds = [...members, leader];
}

/** Leader and members are users of the organisation (the engine checks both references); the leader is a member. */
export const groupTeamBinding = defineResource({
  decl: groupTeamResource,
  table: groupTeams,
  tenant: { kind: 'column', column: groupTeams.orgId },
  hooks: {
    async beforeAdd(_ctx, _exec, input, values) { withLeader(input, values); },
    async beforeUpdate(_ctx, _exec, _id, input, values, before) { withLeader(input, values, before); },
  },
});
