import { closedObject, methodField } from '@gx/contract';
import type { RequestContext } from '../../http/context';
import { zFile } from '../../http/body';
import { method } from '../../http/endpoint';
import { storeImage } from './image';

const uploadBody = closedObject({ method: methodField, file: zFile });

/**
 * The one `upload_image` method every area offers (article bodies and covers, tutorials, screen templates): an image
 * (JPEG/PNG under 10 MB, checked by content) stored like every upload, audited; answers its URL.
 */
export function uploadImageMethod(access: string) {
  return method({
    access,
    body: uploadBody,
    async handler(ctx: RequestContext, input): Promise<{ url: string }> {
      const url = await storeImage(ctx.services.files, ctx.orgId(), input.file, 'file');
      await ctx.audit(ctx.db, { target: 'image', after: { url } });
      return { url };
    },
  });
}
