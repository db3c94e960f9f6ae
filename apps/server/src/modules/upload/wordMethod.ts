import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { closedObject, Code, methodField, WORD_MAX_BYTES } from '@gx/contract';
import type { RequestContext } from '../../http/context';
import { zDiskFile, zFile, type DiskFile, type UploadedFile } from '../../http/body';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { sanitizeNotificationHtml } from '../notification/sanitize';
import { imageTypeOf, storeImage } from './image';

const wordBody = closedObject({ method: methodField, file: z.union([zFile, zDiskFile]) });

async function bytesOf(file: UploadedFile | DiskFile): Promise<Buffer> {
  const size = file.kind === 'file' ? file.data.length : file.size;
  if (size === 0) throw new AppError(Code.VALIDATION, 'validation.file', 'file');
  if (size > WORD_MAX_BYTES) throw new AppError(Code.VALIDATION, 'validation.wordSize', 'file');
  return file.kind === 'file' ? file.data : readFile(file.path);
}

/**
 * `import_word`: a Word document (.docx) turned into the rich-text editor's HTML (mammoth: headings, emphasis,
 * lists, tables, links), its JPEG/PNG pictures stored like uploaded images (others dropped), the result cleaned by
 * the same allow-list as every saved body; answers `{ html, dropped }` for the editor to insert. Nothing is saved
 * until the form is. The legacy .doc and anything not a .docx are refused naming `file`.
 */
export function wordImportMethod(access: string) {
  return method({
    access,
    body: wordBody,
    async handler(ctx: RequestContext, input): Promise<{ html: string; dropped: number }> {
      const data = await bytesOf(input.file);
      // A .docx is a zip; anything else (a .doc, a renamed file) is not read further.
      if (data.length < 4 || data.readUInt32BE(0) !== 0x504b0304) throw new AppError(Code.VALIDATION, 'validation.wordType', 'file');
      let dropped = 0;
      // Loaded on first use, not at start (spreadsheet/xlsx.ts says why).
      const { default: mammoth } = await import('mammoth');
      const convertImage = mammoth.images.imgElement(async (image) => {
        const bytes = await image.readAsBuffer();
        if (!imageTypeOf(bytes)) {
          dropped += 1;
          return { src: '' };
        }
        try {
          return { src: await storeImage(ctx, ctx.orgId(), { kind: 'file', filename: 'word-image', mimetype: image.contentType, data: bytes }, 'file', { gif: true }) };
        } catch (err) {
          // A picture too large or not decodable is left out like any other it cannot keep.
          if (!(err instanceof AppError)) throw err;
          dropped += 1;
          return { src: '' };
        }
      });
      let html: string;
      try {
        html = (await mammoth.convertToHtml({ buffer: data }, { convertImage, externalFileAccess: false })).value;
      } catch {
        throw new AppError(Code.VALIDATION, 'validation.wordType', 'file');
      }
      // Pictures that were not JPEG/PNG were given no address: they go.
      const clean = sanitizeNotificationHtml(html).replace(/<img\b(?![^>]*\bsrc="[^"]+")[^>]*>/g, '');
      await ctx.audit(ctx.db, { target: 'word', after: { bytes: data.length, dropped } });
      return { html: clean, dropped };
    },
  });
}
