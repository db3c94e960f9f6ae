import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { postResource } from '@gx/contract';
import { organizations } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import { moderationColumns, moderationHooks } from './moderation';

const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** The community's posts; `state` follows `MODERATION_LIFECYCLE`. */
export const consultPosts = pgTable('consult_posts', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  content: text('content').notNull(),
  author: text('author').notNull(),
  ...moderationColumns(),
}, (t) => [
  index('consult_posts_org_created_idx').on(t.orgId, t.createdAt),
  index('consult_posts_org_state_idx').on(t.orgId, t.state, t.createdAt),
  index('consult_posts_org_id_idx').on(t.orgId, t.id),
  prefixIdx('consult_posts_title_prefix_idx', t.title),
  prefixIdx('consult_posts_author_prefix_idx', t.author),
]);

/** Posts on the resource engine, moderated: approve and reject (with a reason) for one post or many. */
export const postBinding = defineResource({
  decl: postResource,
  table: consultPosts,
  tenant: { kind: 'column', column: consultPosts.orgId },
  columns: {
    comments: sql<number>`(select count(*)::int from consult_comments c where c.post_id = ${qualified(consultPosts.id)})`,
  },
  hooks: moderationHooks(consultPosts, consultPosts.id, ['title', 'content']),
});
