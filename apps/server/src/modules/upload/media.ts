import { randomBytes } from 'node:crypto';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Metadata } from 'sharp';
import { MEDIA_THUMB_PX, UPLOADS_PATH } from '@gx/contract';
import { organizations, users } from '../../db/schema/core';
import type { Executor } from '../../db/client';
import { fail } from '../../http/errors';
import type { FileStore } from '../../providers/files/types';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every image and video this server stored (`/uploads/<org>/<random>.<ext>`), whoever uploaded it and for what: the
 * media library lists them, removal asks who still uses a file, and the garbage collector deletes the ones nothing
 * uses. `thumb_url` is a small copy for lists ('' for videos).
 */
export const mediaFiles = pgTable('media_files', {
  id: serial('id').primaryKey(),
  /** Null: uploaded by someone in no organisation (an avatar before joining one); never listed, still collected. */
  orgId: integer('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  thumbUrl: text('thumb_url').notNull().default(''),
  name: text('name').notNull().default(''),
  kind: text('kind').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** When the garbage collector last found it still used. */
  checkedAt: ts('checked_at'),
}, (t) => [
  uniqueIndex('media_files_url_uq').on(t.url),
  index('media_files_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  index('media_files_org_created_idx').on(t.orgId, t.createdAt),
  index('media_files_org_kind_idx').on(t.orgId, t.kind),
  index('media_files_org_size_idx').on(t.orgId, t.size),
  index('media_files_created_idx').on(t.createdAt),
  index('media_files_checked_idx').on(t.checkedAt),
]);

export type ImageExt = 'jpg' | 'png' | 'gif';

export const IMAGE_CONTENT_TYPES: Record<ImageExt, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** The store key of a URL this server handed out, or null for anything else. */
export function fileKeyOfUrl(url: string): string | null {
  const prefix = `${UPLOADS_PATH}/`;
  return url.startsWith(prefix) ? url.slice(prefix.length) : null;
}

const newKey = (orgId: number, ext: string) => `${orgId}/${randomBytes(16).toString('base64url')}.${ext}`;

export interface StoredImage { url: string; thumbUrl: string; width: number; height: number }

/**
 * Decodes an image whose type its bytes already told, and stores it with a thumbnail (at most MEDIA_THUMB_PX on its
 * longer side, PNG where the image has transparency, JPEG otherwise; a GIF's first frame). A file that does not
 * decode is refused on `field`, so a damaged or disguised file never reaches the library.
 */
export async function storeDecodedImage(files: FileStore, orgId: number, data: Buffer, ext: ImageExt, field: string): Promise<StoredImage> {
  let meta: Metadata;
  let thumb: Buffer;
  let thumbExt: 'png' | 'jpg';
  try {
    // Loaded on first use, not at start (spreadsheet/xlsx.ts says why).
    const { default: sharp } = await import('sharp');
    const image = sharp(data, { failOn: 'error', limitInputPixels: 100_000_000 });
    meta = await image.metadata();
    thumbExt = meta.hasAlpha ? 'png' : 'jpg';
    const resized = image.rotate().resize(MEDIA_THUMB_PX, MEDIA_THUMB_PX, { fit: 'inside', withoutEnlargement: true });
    thumb = await (thumbExt === 'png' ? resized.png() : resized.jpeg({ quality: 80 })).toBuffer();
  } catch {
    throw fail.validation(field, 'validation.imageUnreadable');
  }
  const key = newKey(orgId, ext);
  const thumbKey = newKey(orgId, thumbExt);
  await files.put(key, data);
  await files.put(thumbKey, thumb);
  // EXIF orientations 5–8 turn the picture a quarter: the displayed width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  return { url: `${UPLOADS_PATH}/${key}`, thumbUrl: `${UPLOADS_PATH}/${thumbKey}`, width, height };
}

/** Stores a video file from disk (a streamed upload) under a fresh key; answers its URL. */
export async function storeVideoFile(files: FileStore, orgId: number, path: string): Promise<string> {
  const key = newKey(orgId, 'mp4');
  await files.putFile(key, path);
  return `${UPLOADS_PATH}/${key}`;
}

export interface MediaRecord {
  orgId: number | null;
  url: string;
  thumbUrl: string;
  name: string;
  kind: 'image' | 'video';
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  createdBy: number | null;
}

/** Enters a stored file into the library; answers its id. */
export async function recordMedia(exec: Executor, m: MediaRecord, now: Date): Promise<number> {
  const [row] = await exec.insert(mediaFiles).values({ ...m, name: m.name.slice(0, 255), createdAt: now }).returning({ id: mediaFiles.id });
  return row!.id;
}
