import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { commentResource } from '@gx/contract';
import { organizations } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { moderationColumns, moderationHooks } from './moderation';
import { consultPosts } from './post';

const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** Comments on posts (they go with their post); `state` follows `MODERATION_LIFECYCLE`. */
export const consultComments = pgTable('consult_comments', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  postId: integer('post_id').notNull().references(() => consultPosts.id, { onDelete: 'cascade' }),
  content: text('content').notNull(),
  author: text('author').notNull(),
  ...moderationColumns(),
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
