import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projectInvitationResource } from '@gx/contract';
import { organizations, users } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { standingWithExpiry, userNameOf } from '../../resources/readColumns';
import { linkTokenOnAdd } from '../../resources/linkToken';
import { projects } from './project';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Invitations to a project's team; the link token is kept only as its SHA-256. */
export const projectInvitations = pgTable('project_invitations', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  role: text('role').notNull().default('engineer'),
  note: text('note').notNull().default(''),
  tokenHash: text('token_hash').notNull(),
  state: text('state').notNull().default('pending'),
  expiresAt: ts('expires_at').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: ts('decided_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('project_invitations_token_uq').on(t.tokenHash),
  index('project_invitations_org_project_idx').on(t.orgId, t.projectId),
  index('project_invitations_org_state_idx').on(t.orgId, t.state),
  index('project_invitations_org_id_idx').on(t.orgId, t.id),
  index('project_invitations_created_idx').on(t.createdAt),
]);

const linkToken = linkTokenOnAdd();

/**
 * A project manager (holder of `business.project_invitation.add`) invites to one of the organisation's projects
 * (the engine checks the reference): the link token is answered once; `revoke` ends a pending invitation. Who
 * answered, and when, is filled in by `/ProjectCollaboration` (`projectCollaboration.ts`).
 */
export const projectInvitationBinding = defineResource({
  decl: projectInvitationResource,
  table: projectInvitations,
  tenant: { kind: 'column', column: projectInvitations.orgId },
  columns: {
    standing: standingWithExpiry(projectInvitations.state, 'pending', projectInvitations.expiresAt),
    invitee: userNameOf(projectInvitations.decidedBy),
  },
  hooks: {
    async beforeAdd(ctx, _exec, input, values) {
      linkToken.issue(ctx, input, values); // valid_days is required here: the expiry is always set
      values.state = 'pending';
    },
    addAnswer: linkToken.answer,
  },
});
