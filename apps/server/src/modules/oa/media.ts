import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { Code, closedObject, IMAGE_MAX_BYTES, IN_USE_NAMES, LIBRARY_VIDEO_MAX_BYTES, mediaResource, methodField, type MediaUploadAnswer } from '@gx/contract';
import { zDiskFile, type DiskFile } from '../../http/body';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { inUseRefusal } from '../../resources/inUse';
import { imageTypeOf, storeImageRecord } from '../upload/image';
import { mediaFiles } from '../upload/media';
import { mediaHoldersOf, referrersOf, removeStored } from '../upload/mediaUse';
import { fileHead, isMp4, storeVideo } from '../upload/videoMethod';

const uploadBody = closedObject({ method: methodField, file: zDiskFile });

const HOLDERS = { zh_CN: '内容', en: 'records' };

export const mediaBinding = defineResource({
  decl: mediaResource,
  table: mediaFiles,
  tenant: { kind: 'column', column: mediaFiles.orgId },
  hooks: {
    /** A file something still shows is not deleted: the refusal names what uses it. */
    async beforeRemove(ctx, exec, id) {
      const [row] = await exec.select({ url: mediaFiles.url, thumbUrl: mediaFiles.thumbUrl }).from(mediaFiles).where(eq(mediaFiles.id, id));
      if (!row) return;
      const used = await referrersOf(exec, mediaHoldersOf(ctx.resources), row.url, ctx.lang, IN_USE_NAMES);
      if (used.count > 0) throw inUseRefusal(HOLDERS, used.count, used.names, ctx.lang);
      ctx.afterCommit(() => void removeStored(ctx.services.files, row.url, row.thumbUrl).catch((err: unknown) => ctx.req.log.error({ err }, 'media file removal')));
    },
  },
  methods: {
    /**
     * The library's own upload: a JPEG/PNG/GIF image under 10 MB or an MP4 video up to 1024 MB, streamed to disk,
     * its type read from the bytes (never the name), an image decoded and given a thumbnail.
     */
    upload: method({
      access: 'oa.media.upload',
      body: uploadBody,
      diskUpload: LIBRARY_VIDEO_MAX_BYTES,
      async handler(ctx, input): Promise<MediaUploadAnswer> {
        const file: DiskFile = input.file;
        if (file.size === 0) throw new AppError(Code.VALIDATION, 'validation.imageRequired', 'file');
        const head = await fileHead(file.path, 12);
        if (imageTypeOf(head)) {
          if (file.size >= IMAGE_MAX_BYTES) throw new AppError(Code.VALIDATION, 'validation.imageSize', 'file');
          const data = await readFile(file.path);
          const img = await storeImageRecord(ctx, ctx.orgId(), { kind: 'file', filename: file.filename, mimetype: file.mimetype, data }, 'file', { gif: true });
          await ctx.audit(ctx.db, { target: img.id, after: { name: file.filename, url: img.url } });
          return { id: img.id, url: img.url, thumb_url: img.thumbUrl, kind: 'image', width: img.width, height: img.height };
        }
        if (!(await isMp4(file.path))) throw new AppError(Code.VALIDATION, 'validation.mediaType', 'file');
        if (file.size > LIBRARY_VIDEO_MAX_BYTES) throw new AppError(Code.VALIDATION, 'validation.videoSizeLibrary', 'file');
        const video = await storeVideo(ctx, file);
        await ctx.audit(ctx.db, { target: video.id, after: { name: file.filename, url: video.url, size: file.size, sha256: file.sha256 } });
        return { id: video.id, url: video.url, thumb_url: '', kind: 'video', width: null, height: null };
      },
    }),
  },
});
