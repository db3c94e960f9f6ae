import { and, eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { keywordBlacklistResource, STATUS_ENABLED, type Lang } from '@gx/contract';
import { organizations } from '../../db/schema';
import type { Executor } from '../../db/client';
import { defineResource } from '../../resources/define';

const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** An organisation's blocked words, each once (case-insensitive). */
export const keywordBlacklist = pgTable('keyword_blacklist', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  word: text('word').notNull(),
  remark: text('remark').notNull().default(''),
  status: integer('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('keyword_blacklist_org_word_uq').on(t.orgId, sql`lower(${t.word})`),
  index('keyword_blacklist_org_created_idx').on(t.orgId, t.createdAt),
  index('keyword_blacklist_org_status_idx').on(t.orgId, t.status),
  prefixIdx('keyword_blacklist_word_prefix_idx', t.word),
]);

export const keywordBlacklistBinding = defineResource({
  decl: keywordBlacklistResource,
  table: keywordBlacklist,
  tenant: { kind: 'column', column: keywordBlacklist.orgId },
});

/** The first enabled blocked word of the organisation found in `text` (case-insensitive), or null. */
export async function blockedWordIn(exec: Executor, orgId: number, text: string): Promise<string | null> {
  if (!text) return null;
  const [hit] = await exec.select({ word: keywordBlacklist.word }).from(keywordBlacklist)
    .where(and(eq(keywordBlacklist.orgId, orgId), eq(keywordBlacklist.status, STATUS_ENABLED), sql`strpos(lower(${text}), lower(${keywordBlacklist.word})) > 0`))
    .orderBy(keywordBlacklist.id).limit(1);
  return hit?.word ?? null;
}

/** The moderation reason a hit leaves, naming the word (in the language of whoever saved it). */
export function blockedReason(word: string, lang: Lang): string {
  return lang === 'en' ? `Contains the blocked word "${word}"` : `包含屏蔽词「${word}」`;
}
