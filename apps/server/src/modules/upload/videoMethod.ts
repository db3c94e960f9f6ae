import { open } from 'node:fs/promises';
import { Code, closedObject, methodField, VIDEO_MAX_BYTES } from '@gx/contract';
import type { RequestContext } from '../../http/context';
import { zDiskFile, type DiskFile } from '../../http/body';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { recordMedia, storeVideoFile } from './media';

const uploadBody = closedObject({ method: methodField, file: zDiskFile });

/** The first `n` bytes of a file on disk (fewer when it is shorter): what a type check by content reads. */
export async function fileHead(path: string, n: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(n);
    const { bytesRead } = await fh.read(head, 0, n, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** An MP4 (ISO base media file) opens with a box whose type, at bytes 4–7, is `ftyp`. */
export async function isMp4(path: string): Promise<boolean> {
  const head = await fileHead(path, 12);
  return head.length === 12 && head.subarray(4, 8).toString('latin1') === 'ftyp';
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
