import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { closedObject, IMAGE_MAX_BYTES, methodField } from '@gx/contract';
import type { RequestContext } from '../../http/context';
import { zDiskFile, zFile, type DiskFile, type UploadedFile } from '../../http/body';
import { fail } from '../../http/errors';
import { method } from '../../http/endpoint';
import { storeImage } from './image';

// On a path whose other methods stream uploads to disk (a tutorial's video), the image arrives as a file on disk.
const uploadBody = closedObject({ method: methodField, file: z.union([zFile, zDiskFile]) });

/** The image in memory (it is at most IMAGE_MAX_BYTES), whichever way it arrived. */
async function inMemory(file: UploadedFile | DiskFile): Promise<UploadedFile> {
  if (file.kind === 'file') return file;
  if (file.size >= IMAGE_MAX_BYTES) throw fail.validation('file', 'validation.imageSize');
  return { kind: 'file', filename: file.filename, mimetype: file.mimetype, data: await readFile(file.path) };
}

/**
 * The one `upload_image` method every area offers (article bodies and covers, tutorials, screen templates): an image
 * (JPEG/PNG/GIF under 10 MB, checked by content and decoded, with a thumbnail, entered into the media library) stored like every upload, audited; answers its URL.
 */
export function uploadImageMethod(access: string) {
  return method({
    access,
    body: uploadBody,
    async handler(ctx: RequestContext, input): Promise<{ url: string }> {
      const url = await storeImage(ctx, ctx.orgId(), await inMemory(input.file), 'file', { gif: true });
      await ctx.audit(ctx.db, { target: 'image', after: { url } });
      return { url };
    },
  });
}
