import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { postResource } from '@gx/contract';
import { organizations, users } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import { moderationHooks } from './moderation';

const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The community's posts; `state` follows `MODERATION_LIFECYCLE`. */
export const consultPosts = pgTable('consult_posts', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  content: text('content').notNull(),
  author: text('author').notNull(),
  state: text('state').notNull().default('pending'),
  reason: text('reason').notNull().default(''),
  moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
  moderatedAt: ts('moderated_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
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
