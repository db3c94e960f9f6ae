import { randomBytes } from 'node:crypto';
import { IMAGE_MAX_BYTES, UPLOADS_PATH } from '@gx/contract';
import type { UploadedFile } from '../../http/body';
import { fail } from '../../http/errors';
import type { FileStore } from '../../providers/files/types';

export type ImageExt = 'jpg' | 'png';

/**
 * The image type by its first bytes (JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A), never by the name or the
 * browser-declared type: a renamed script stays a script.
 */
export function imageTypeOf(data: Buffer): ImageExt | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= png.length && png.every((b, i) => data[i] === b)) return 'png';
  return null;
}

export const CONTENT_TYPES: Record<ImageExt, string> = { jpg: 'image/jpeg', png: 'image/png' };

/**
 * Checks an avatar/icon/logo (SPEC §5: JPEG or PNG, under 10 MB), stores it under `<org>/<random>.<ext>` and answers
 * the URL it is served at. `field` names the form field in the failure.
 */
export async function storeImage(files: FileStore, orgId: number, file: UploadedFile, field: string): Promise<string> {
  if (file.data.length === 0) throw fail.validation(field, 'validation.imageRequired');
  if (file.data.length >= IMAGE_MAX_BYTES) throw fail.validation(field, 'validation.imageSize');
  const ext = imageTypeOf(file.data);
  if (!ext) throw fail.validation(field, 'validation.imageType');
  const key = `${orgId}/${randomBytes(16).toString('base64url')}.${ext}`;
  await files.put(key, file.data);
  return `${UPLOADS_PATH}/${key}`;
}

/** The store key of a URL this server handed out, or null for anything else. */
export function fileKeyOfUrl(url: string): string | null {
  const prefix = `${UPLOADS_PATH}/`;
  return url.startsWith(prefix) ? url.slice(prefix.length) : null;
}
