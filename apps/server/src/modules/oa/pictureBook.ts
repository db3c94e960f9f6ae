import { and, asc, eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { closedObject, methodField, PICTURE_ALBUM_OPTIONS, pictureBookResource, STATUS_ENABLED, WEBSITE_PUBLISHED_MAX, type PictureBookEntry } from '@gx/contract';
import { method } from '../../http/endpoint';
import { defineResource } from '../../resources/define';
import { uploadImageMethod } from '../upload/imageMethod';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The public website's photo gallery, by album; platform-wide like the rest of the website. */
export const pictureBooks = pgTable('picture_books', {
  id: serial('id').primaryKey(),
  album: text('album').notNull(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('picture_books_title_prefix_idx').using('btree', sql`lower(${t.title}) text_pattern_ops`),
  index('picture_books_album_sort_idx').on(t.album, t.status, t.sort),
  index('picture_books_status_idx').on(t.status),
  index('picture_books_sort_idx').on(t.sort),
  index('picture_books_updated_idx').on(t.updatedAt),
]);

const albums = PICTURE_ALBUM_OPTIONS.map((o) => String(o.value)) as [string, ...string[]];

export const pictureBookBinding = defineResource({
  decl: pictureBookResource,
  table: pictureBooks,
  tenant: { kind: 'platform' },
  methods: {
    upload_image: uploadImageMethod('oa.picture_book.upload_image'),
    /** What the public website shows: the published pictures of one album, in their order. No sign-in. */
    published: method({
      access: 'public',
      body: closedObject({ method: methodField, album: z.enum(albums, { error: 'validation.option' }) }),
      readOnly: true,
      async handler(ctx, input): Promise<PictureBookEntry[]> {
        const rows = await ctx.db.select().from(pictureBooks)
          .where(and(eq(pictureBooks.album, input.album), eq(pictureBooks.status, STATUS_ENABLED)))
          .orderBy(asc(pictureBooks.sort), asc(pictureBooks.id)).limit(WEBSITE_PUBLISHED_MAX);
        return rows.map((r) => ({ id: r.id, album: r.album, title: r.title, image: r.image, description: r.description }));
      },
    }),
  },
});
