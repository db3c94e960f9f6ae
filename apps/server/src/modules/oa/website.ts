import { and, asc, eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { STATUS_ENABLED, WEBSITE_KIND_OPTIONS, WEBSITE_PUBLISHED_MAX, closedObject, methodField, websiteContentResource, type WebsiteEntry } from '@gx/contract';
import { method } from '../../http/endpoint';
import { defineResource } from '../../resources/define';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** The public website's entries (banners, solutions, cases, news…); platform-wide. */
export const websiteContents = pgTable('website_contents', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  image: text('image').notNull().default(''),
  link: text('link').notNull().default(''),
  content: text('content').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  prefixIdx('website_contents_title_prefix_idx', t.title),
  index('website_contents_kind_sort_idx').on(t.kind, t.status, t.sort),
  index('website_contents_status_idx').on(t.status),
  index('website_contents_sort_idx').on(t.sort),
  index('website_contents_updated_idx').on(t.updatedAt),
]);

const kinds = WEBSITE_KIND_OPTIONS.map((o) => String(o.value)) as [string, ...string[]];

export const websiteContentBinding = defineResource({
  decl: websiteContentResource,
  table: websiteContents,
  tenant: { kind: 'platform' },
  methods: {
    /** What the public website shows: the published entries of one section, in their order. No sign-in. */
    published: method({
      access: 'public',
      body: closedObject({ method: methodField, kind: z.enum(kinds, { error: 'validation.option' }) }),
      readOnly: true,
      async handler(ctx, input): Promise<WebsiteEntry[]> {
        const rows = await ctx.db.select().from(websiteContents)
          .where(and(eq(websiteContents.kind, input.kind), eq(websiteContents.status, STATUS_ENABLED)))
          .orderBy(asc(websiteContents.sort), asc(websiteContents.id)).limit(WEBSITE_PUBLISHED_MAX);
        return rows.map((r) => ({
          id: r.id, kind: r.kind, title: r.title, summary: r.summary, image: r.image, link: r.link, content: r.content,
          updated_at: r.updatedAt.toISOString(),
        }));
      },
    }),
  },
});
