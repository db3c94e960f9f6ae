import { open } from 'node:fs/promises';
import { Code, closedObject, methodField, VIDEO_MAX_BYTES } from '@gx/contract';
import type { RequestContext } from '../../http/context';
import { zDiskFile, type DiskFile } from '../../http/body';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { recordMedia, storeVideoFile } from './media';

const uploadBody = closedObject({ method: methodField, file: zDiskFile });

/** An MP4 (ISO base media file) opens with a box whose type, at bytes 4–7, is `ftyp`. */
export async function isMp4(path: string): Promise<boolean> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await fh.read(head, 0, 12, 0);
    return bytesRead === 12 && head.subarray(4, 8).toString('latin1') === 'ftyp';
  } finally {
    await fh.close();
  }
}

/** Stores a checked MP4 from disk and enters it into the media library; answers its URL and library id. */
export async function storeVideo(ctx: RequestContext, file: DiskFile): Promise<{ id: number; url: string }> {
  const orgId = ctx.orgId();
  const url = await storeVideoFile(ctx.services.files, orgId, file.path);
  const id = await recordMedia(ctx.db, {
    orgId, url, thumbUrl: '', name: file.filename, kind: 'video', mime: 'video/mp4', size: file.size, width: null, height: null,
    createdBy: ctx.principal?.userId ?? null,
  }, ctx.services.now());
  return { id, url };
}

/**
 * `upload_video`: an MP4 up to VIDEO_MAX_BYTES (SPEC §5), streamed to disk as it arrives (never held in memory),
 * checked by content, stored like every upload (`/uploads/<org>/<random>.mp4`, served with Range for seeking),
 * audited; answers its URL.
 */
export function uploadVideoMethod(access: string) {
  return method({
    access,
    body: uploadBody,
    diskUpload: VIDEO_MAX_BYTES,
    async handler(ctx: RequestContext, input): Promise<{ url: string }> {
      const file: DiskFile = input.file;
      if (file.size > VIDEO_MAX_BYTES) throw new AppError(Code.VALIDATION, 'validation.videoSize', 'file');
      if (!(await isMp4(file.path))) throw new AppError(Code.VALIDATION, 'validation.videoType', 'file');
      const { url } = await storeVideo(ctx, file);
      await ctx.audit(ctx.db, { target: 'video', after: { url, size: file.size, sha256: file.sha256 } });
      return { url };
    },
  });
}
