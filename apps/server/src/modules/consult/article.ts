import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  articleResource, Code, closedObject, HTTP_LINK_RE, methodField, STATUS_ENABLED, UPLOADS_PATH, type PublishedArticle,
} from '@gx/contract';
import { organizations } from '../../db/schema';
import type { Executor } from '../../db/client';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import type { ColumnValues, Input, WireRow } from '../../resources/types';
import { wordImportMethod } from '../upload/wordMethod';
import { uploadImageMethod } from '../upload/imageMethod';
import { consultClassifications } from './classification';

const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Articles of an organisation; `state` follows `ARTICLE_LIFECYCLE`, `body` is sanitised HTML. */
export const consultArticles = pgTable('consult_articles', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  classificationId: integer('classification_id').notNull().references(() => consultClassifications.id),
  cover: text('cover').notNull().default(''),
  summary: text('summary').notNull().default(''),
  body: text('body').notNull().default(''),
  publishAt: ts('publish_at'),
  state: text('state').notNull().default('draft'),
  publishedAt: ts('published_at'),
  withdrawnAt: ts('withdrawn_at'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('consult_articles_org_updated_idx').on(t.orgId, t.updatedAt),
  index('consult_articles_org_published_idx').on(t.orgId, t.publishedAt),
  index('consult_articles_org_state_idx').on(t.orgId, t.state),
  index('consult_articles_org_class_idx').on(t.orgId, t.classificationId),
  index('consult_articles_classification_idx').on(t.classificationId),
  index('consult_articles_org_id_idx').on(t.orgId, t.id),
  prefixIdx('consult_articles_title_prefix_idx', t.title),
]);

/** The cover is an image this server handed out (`/uploads/…`) or an http(s) link; anything else is refused. */
function checkCover(values: ColumnValues): void {
  const cover = values.cover;
  if (typeof cover !== 'string' || cover === '') return;
  if (!cover.startsWith(`${UPLOADS_PATH}/`) && !HTTP_LINK_RE.test(cover)) throw new AppError(Code.VALIDATION, 'validation.coverUrl', 'cover');
  if (cover.startsWith(`${UPLOADS_PATH}/`) && !/^\/uploads\/\d+\/[\w-]+\.(jpg|png)$/.test(cover)) {
    throw new AppError(Code.VALIDATION, 'validation.coverUrl', 'cover');
  }
}

/** A category given anew must be enabled (its own organisation's is checked by the engine as a reference). */
export async function checkClassification(exec: Executor, input: Input, before?: WireRow): Promise<void> {
  const id = input.classification_id;
  if (typeof id !== 'number' || id === before?.classification_id) return;
  const [c] = await exec.select({ status: consultClassifications.status }).from(consultClassifications).where(eq(consultClassifications.id, id));
  if (c && c.status !== STATUS_ENABLED) throw new AppError(Code.VALIDATION, 'validation.classificationDisabled', 'classification_id');
}


/** Readers see a published article from its scheduled time, or from when it was published when none is set. */
function visibleFrom(publishAt: unknown, now: Date): Date {
  const at = publishAt ? new Date(String(publishAt)) : null;
  return at && at > now ? at : now;
}

const publishedBody = closedObject({
  method: methodField,
  classification_id: z.number().int().positive().optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
});

/**
 * Articles on the resource engine: bodies (rich text) sanitised by the engine on every save, covers checked,
 * a category offered anew only while enabled; `publish` stamps when readers see it (now, or its scheduled
 * `publish_at`), `withdraw` when they stopped; `phase` shows a published article whose time is ahead as scheduled.
 */
export const articleBinding = defineResource({
  decl: articleResource,
  table: consultArticles,
  tenant: { kind: 'column', column: consultArticles.orgId },
  columns: {
    phase: sql<string>`(case when ${qualified(consultArticles.state)} = 'published' and ${qualified(consultArticles.publishedAt)} > now() then 'scheduled' else ${qualified(consultArticles.state)} end)`,
  },
  hooks: {
    async beforeAdd(ctx, exec, input, values) {
      checkCover(values);
      await checkClassification(exec, input);
      const now = ctx.services.now();
      Object.assign(values, { createdBy: ctx.user().userId, createdAt: now, updatedAt: now });
    },
    async beforeUpdate(ctx, exec, _id, input, values, before) {
      checkCover(values);
      await checkClassification(exec, input, before);
      // A published article still waiting for its time follows a new schedule.
      const now = ctx.services.now();
      const waiting = before.state === 'published' && before.published_at && new Date(String(before.published_at)) > now;
      if (waiting && 'publishAt' in values) values.publishedAt = visibleFrom(values.publishAt, now);
    },
    async afterTransition(ctx, exec, id, action, before) {
      const now = ctx.services.now();
      await exec.update(consultArticles)
        .set(action === 'publish' ? { publishedAt: visibleFrom(before.publish_at, now), withdrawnAt: null } : { withdrawnAt: now })
        .where(eq(consultArticles.id, id));
    },
  },
  methods: {
    /** What readers of the organisation see now: published articles whose time has come, newest first. */
    published: method({
      access: 'consult.article.published',
      body: publishedBody,
      readOnly: true,
      async handler(ctx, input): Promise<{ list: PublishedArticle[]; page: number; size: number }> {
        const a = consultArticles;
        const rows = await ctx.db.select().from(a).where(and(
          eq(a.orgId, ctx.orgId()), eq(a.state, 'published'), lte(a.publishedAt, ctx.services.now()),
          input.classification_id === undefined ? undefined : eq(a.classificationId, input.classification_id),
        )).orderBy(desc(a.publishedAt), desc(a.id)).limit(input.size).offset((input.page - 1) * input.size);
        return {
          list: rows.map((r) => ({
            id: r.id, title: r.title, classification_id: r.classificationId, cover: r.cover, summary: r.summary, body: r.body,
            published_at: r.publishedAt!.toISOString(),
          })),
          page: input.page,
          size: input.size,
        };
      },
    }),
    upload_image: uploadImageMethod('consult.article.upload_image'),
    // Its pictures are stored as uploaded images: the same key.
    import_word: wordImportMethod('consult.article.upload_image'),
  },
});
