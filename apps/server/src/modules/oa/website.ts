import { and, asc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  closedObject, Code, methodField, STATUS_ENABLED, technicalTypeResource, WEBSITE_PUBLISHED_MAX, WEBSITE_SECTION_RESOURCES, WEBSITE_SECTION_SPECS,
  WEBSITE_SECTIONS, WEBSITE_TEXT_SLUG_RE, websiteTextResource, type WebsiteEntry, type WebsiteSection, type WebsiteText,
} from '@gx/contract';
import type { RequestContext } from '../../http/context';
import { method } from '../../http/endpoint';
import { AppError, fail } from '../../http/errors';
import { defineResource, type DefineOptions } from '../../resources/define';
import type { Input, WireRow } from '../../resources/types';
import { uploadImageMethod } from '../upload/imageMethod';
import { wordImportMethod } from '../upload/wordMethod';
import { assertEndsAfterStart } from '../../resources/window';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** The categories of the technical articles. */
export const technicalTypes = pgTable('technical_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  prefixIdx('technical_types_name_prefix_idx', t.name),
  index('technical_types_sort_idx').on(t.sort),
  index('technical_types_created_idx').on(t.createdAt),
]);

/** The public website's entries, one table for every section (`kind`); platform-wide. */
export const websiteContents = pgTable('website_contents', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  image: text('image').notNull().default(''),
  link: text('link').notNull().default(''),
  content: text('content').notNull().default(''),
  technicalTypeId: integer('technical_type_id').references(() => technicalTypes.id, { onDelete: 'restrict' }),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(0),
  /** The website shows a published entry from `publish_at` (null: at once) until `unpublish_at` (null: for good). */
  publishAt: ts('publish_at'),
  unpublishAt: ts('unpublish_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  prefixIdx('website_contents_title_prefix_idx', t.title),
  index('website_contents_kind_sort_idx').on(t.kind, t.status, t.sort),
  index('website_contents_status_idx').on(t.status),
  index('website_contents_sort_idx').on(t.sort),
  index('website_contents_updated_idx').on(t.updatedAt),
  index('website_contents_publish_idx').on(t.publishAt),
  index('website_contents_technical_type_idx').on(t.technicalTypeId),
]);

/** The website's single pages (about us, privacy policy…), each at its slug. */
export const websiteTexts = pgTable('website_texts', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  status: integer('status').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('website_texts_slug_uq').on(t.slug),
  prefixIdx('website_texts_slug_prefix_idx', t.slug),
  prefixIdx('website_texts_title_prefix_idx', t.title),
  index('website_texts_status_idx').on(t.status),
  index('website_texts_updated_idx').on(t.updatedAt),
]);

/** What the website shows of an entry at `now`. */
const liveAt = (now: SQL) => sql<string>`case when ${websiteContents.status} <> ${STATUS_ENABLED} then 'draft'
  when ${websiteContents.publishAt} > ${now} then 'scheduled'
  when ${websiteContents.unpublishAt} <= ${now} then 'ended' else 'live' end`;

/** Live now: published, started, not yet over. */
function liveWhere(now: Date): SQL {
  return and(
    eq(websiteContents.status, STATUS_ENABLED),
    or(isNull(websiteContents.publishAt), lte(websiteContents.publishAt, now)),
    or(isNull(websiteContents.unpublishAt), gt(websiteContents.unpublishAt, now)),
  )!;
}

const checkWindow = (input: Input, before?: WireRow) => assertEndsAfterStart(input, before, 'publish_at', 'unpublish_at');

const publishedBody = closedObject({ method: methodField, technical_type_id: z.number().int().min(1).optional() });

function sectionBinding(kind: WebsiteSection): DefineOptions {
  const decl = WEBSITE_SECTION_RESOURCES[kind];
  const body = WEBSITE_SECTION_SPECS[kind].body;
  return {
    decl,
    table: websiteContents,
    tenant: { kind: 'platform', within: eq(websiteContents.kind, kind) },
    columns: { live: liveAt(sql`now()`) },
    hooks: {
      async beforeAdd(_ctx, _exec, input, values) {
        checkWindow(input);
        values.kind = kind;
      },
      async beforeUpdate(_ctx, _exec, _id, input, _values, before) {
        checkWindow(input, before);
      },
    },
    methods: {
      upload_image: uploadImageMethod(`${decl.key}.upload_image`),
      ...(body ? { import_word: wordImportMethod(`${decl.key}.import_word`) } : {}),
      /** What the public website shows: the section's live entries in their order (a technical category's, if named). No sign-in. */
      published: method({
        access: 'public',
        body: publishedBody,
        fieldLabels: { technical_type_id: { zh_CN: '技术分类', en: 'Category' } },
        readOnly: true,
        async handler(ctx: RequestContext, input): Promise<WebsiteEntry[]> {
          const typed = input.technical_type_id !== undefined && kind === 'technical' ? eq(websiteContents.technicalTypeId, input.technical_type_id) : undefined;
          const rows = await ctx.db.select().from(websiteContents)
            .where(and(eq(websiteContents.kind, kind), liveWhere(ctx.services.now()), typed))
            .orderBy(asc(websiteContents.sort), asc(websiteContents.id)).limit(WEBSITE_PUBLISHED_MAX);
          return rows.map((r) => ({
            id: r.id, kind, title: r.title, summary: r.summary, image: r.image, link: r.link, content: r.content,
            technical_type_id: r.technicalTypeId, updated_at: r.updatedAt.toISOString(),
          }));
        },
      }),
    },
  };
}

export const websiteBannerBinding = defineResource(sectionBinding('banner'));
export const websiteAdvertiseBinding = defineResource(sectionBinding('advertise'));
export const websiteSchemeBinding = defineResource(sectionBinding('scheme'));
export const websiteCaseBinding = defineResource(sectionBinding('case'));
export const websiteInformationBinding = defineResource(sectionBinding('information'));
export const websiteTechnicalBinding = defineResource(sectionBinding('technical'));

// Every section has its binding above; a new one in the contract without a binding fails here at start.
for (const k of WEBSITE_SECTIONS) if (!WEBSITE_SECTION_RESOURCES[k]) throw new Error(`website section ${k} has no declaration`);

export const technicalTypeBinding = defineResource({
  decl: technicalTypeResource,
  table: technicalTypes,
  tenant: { kind: 'platform' },
});

function checkSlug(input: Input): void {
  if (typeof input.slug === 'string' && !WEBSITE_TEXT_SLUG_RE.test(input.slug)) throw fail.validation('slug', 'validation.websiteSlug');
}

export const websiteTextBinding = defineResource({
  decl: websiteTextResource,
  table: websiteTexts,
  tenant: { kind: 'platform' },
  hooks: {
    async beforeAdd(_ctx, _exec, input) { checkSlug(input); },
    async beforeUpdate(_ctx, _exec, _id, input) { checkSlug(input); },
  },
  methods: {
    upload_image: uploadImageMethod('oa.text.upload_image'),
    import_word: wordImportMethod('oa.text.import_word'),
    /** A published page by its slug, as the public website shows it. No sign-in. */
    page: method({
      access: 'public',
      body: closedObject({ method: methodField, slug: z.string().regex(WEBSITE_TEXT_SLUG_RE, 'validation.websiteSlug') }),
      fieldLabels: { slug: { zh_CN: '页面标识', en: 'Slug' } },
      readOnly: true,
      async handler(ctx, input): Promise<WebsiteText> {
        const [r] = await ctx.db.select().from(websiteTexts).where(and(eq(websiteTexts.slug, input.slug), eq(websiteTexts.status, STATUS_ENABLED)));
        if (!r) throw new AppError(Code.NOT_FOUND, undefined, 'slug');
        return { slug: r.slug, title: r.title, content: r.content, updated_at: r.updatedAt.toISOString() };
      },
    }),
  },
});
