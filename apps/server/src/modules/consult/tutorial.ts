import { eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tutorialResource } from '@gx/contract';
import { organizations } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { checkClassification } from './article';
import { uploadVideoMethod } from '../upload/videoMethod';
import { wordImportMethod } from '../upload/wordMethod';
import { uploadImageMethod } from '../upload/imageMethod';
import { consultClassifications } from './classification';

const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Tutorials of an organisation; `state` follows `ARTICLE_LIFECYCLE`, `body` is sanitised HTML (the engine's rich text). */
export const consultTutorials = pgTable('consult_tutorials', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  classificationId: integer('classification_id').references(() => consultClassifications.id),
  videoUrl: text('video_url').notNull().default(''),
  durationMin: integer('duration_min'),
  summary: text('summary').notNull().default(''),
  body: text('body').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  state: text('state').notNull().default('draft'),
  publishedAt: ts('published_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('consult_tutorials_org_sort_idx').on(t.orgId, t.sort),
  index('consult_tutorials_org_published_idx').on(t.orgId, t.publishedAt),
  index('consult_tutorials_org_state_idx').on(t.orgId, t.state),
  index('consult_tutorials_org_class_idx').on(t.orgId, t.classificationId),
  index('consult_tutorials_classification_idx').on(t.classificationId),
  index('consult_tutorials_org_id_idx').on(t.orgId, t.id),
  prefixIdx('consult_tutorials_title_prefix_idx', t.title),
]);

/**
 * Tutorials on the resource engine: the body is rich text (cleaned by the engine on every save, images uploaded with
 * `upload_image`), a category offered anew only while enabled, `publish` stamps when readers see it.
 */
export const tutorialBinding = defineResource({
  decl: tutorialResource,
  table: consultTutorials,
  tenant: { kind: 'column', column: consultTutorials.orgId },
  hooks: {
    beforeAdd: (_ctx, exec, input) => checkClassification(exec, input),
    beforeUpdate: (_ctx, exec, _id, input, _values, before) => checkClassification(exec, input, before),
    async afterTransition(ctx, exec, id, action) {
      if (action === 'publish') await exec.update(consultTutorials).set({ publishedAt: ctx.services.now() }).where(eq(consultTutorials.id, id));
    },
  },
  methods: {
    upload_image: uploadImageMethod('consult.tutorial.upload_image'),
    upload_video: uploadVideoMethod('consult.tutorial.upload_video'),
    // Its pictures are stored as uploaded images: the same key.
    import_word: wordImportMethod('consult.tutorial.upload_image'),
  },
});
