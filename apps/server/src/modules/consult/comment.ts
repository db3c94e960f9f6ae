import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { commentResource } from '@gx/contract';
import { organizations, users } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { moderationHooks } from './moderation';
import { consultPosts } from './post';

const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Comments on posts (they go with their post); `state` follows `MODERATION_LIFECYCLE`. */
export const consultComments = pgTable('consult_comments', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  postId: integer('post_id').notNull().references(() => consultPosts.id, { onDelete: 'cascade' }),
  content: text('content').notNull(),
  author: text('author').notNull(),
  state: text('state').notNull().default('pending'),
  reason: text('reason').notNull().default(''),
  moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
  moderatedAt: ts('moderated_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('consult_comments_org_created_idx').on(t.orgId, t.createdAt),
  index('consult_comments_org_state_idx').on(t.orgId, t.state, t.createdAt),
  index('consult_comments_org_post_idx').on(t.orgId, t.postId),
  index('consult_comments_post_idx').on(t.postId),
  index('consult_comments_org_id_idx').on(t.orgId, t.id),
  prefixIdx('consult_comments_author_prefix_idx', t.author),
]);

/** Comments on the resource engine, moderated like posts; the post must be the organisation's own (a reference). */
export const commentBinding = defineResource({
  decl: commentResource,
  table: consultComments,
  tenant: { kind: 'column', column: consultComments.orgId },
  hooks: moderationHooks(consultComments, consultComments.id, ['content']),
});
