import { IMAGE_MAX_BYTES } from '@gx/contract';
import type { UploadedFile } from '../../http/body';
import type { RequestContext } from '../../http/context';
import { fail } from '../../http/errors';
import { IMAGE_CONTENT_TYPES, recordMedia, storeDecodedImage, type ImageExt, type StoredImage } from './media';

export { fileKeyOfUrl } from './media';

/**
 * The image type by its first bytes (JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, GIF "GIF87a"/"GIF89a"), never by
 * the name or the browser-declared type: a renamed script stays a script.
 */
export function imageTypeOf(data: Buffer): ImageExt | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= png.length && png.every((b, i) => data[i] === b)) return 'png';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

export const CONTENT_TYPES = IMAGE_CONTENT_TYPES;

export interface ImageRules {
  /** Content images (bodies, the website, the library) may be GIFs (SPEC §5 "JPG/PNG/GIF"); avatars, icons and logos may not. */
  gif?: boolean;
}

/**
 * Checks an image (SPEC §5: JPEG or PNG — or GIF where `rules.gif` — under 10 MB, by its bytes, and decodable),
 * stores it with a thumbnail under `<org>/<random>.<ext>`, enters it into the media library and answers the URL it is
 * served at. `field` names the form field in a refusal.
 */
export async function storeImage(ctx: RequestContext, orgId: number, file: UploadedFile, field: string, rules: ImageRules = {}): Promise<string> {
  return (await storeImageRecord(ctx, orgId, file, field, rules)).url;
}

/** `storeImage`, answering the library entry it made. */
export async function storeImageRecord(ctx: RequestContext, orgId: number, file: UploadedFile, field: string, rules: ImageRules = {}): Promise<StoredImage & { id: number }> {
  const typeMessage = rules.gif ? 'validation.imageTypeGif' : 'validation.imageType';
  if (file.data.length === 0) throw fail.validation(field, 'validation.imageRequired');
  if (file.data.length >= IMAGE_MAX_BYTES) throw fail.validation(field, 'validation.imageSize');
  const ext = imageTypeOf(file.data);
  if (!ext || (ext === 'gif' && !rules.gif)) throw fail.validation(field, typeMessage);
  const stored = await storeDecodedImage(ctx.services.files, orgId, file.data, ext, field);
  const id = await recordMedia(ctx.db, {
    orgId: orgId > 0 ? orgId : null, url: stored.url, thumbUrl: stored.thumbUrl, name: file.filename, kind: 'image',
    mime: IMAGE_CONTENT_TYPES[ext], size: file.data.length, width: stored.width, height: stored.height, createdBy: ctx.principal?.userId ?? null,
  }, ctx.services.now());
  return { ...stored, id };
}
