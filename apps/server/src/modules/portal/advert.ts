import { closedObject, methodField, portalAdvertResource } from '@gx/contract';
import { portalAdverts } from '../../db/schema';
import { zFile } from '../../http/body';
import { method } from '../../http/endpoint';
import { fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { Input, WireRow } from '../../resources/types';
import { fileKeyOfUrl, storeImage } from '../upload/image';
import { assertEndsAfterStart } from '../../resources/window';

/** Ends after it starts; the image is an http(s) link or an image this organisation uploaded. The slot is checked by the engine (a `ref`). */
function checkAdvert(orgId: number, input: Input, before?: WireRow): void {
  assertEndsAfterStart(input, before, 'starts_at', 'ends_at');
  if (typeof input.image === 'string') {
    const key = fileKeyOfUrl(input.image);
    const ok = key ? key.startsWith(`${orgId}/`) : /^https?:\/\/\S+$/i.test(input.image);
    if (!ok) throw fail.validation('image', 'validation.httpLink');
  }
}

export const portalAdvertBinding = defineResource({
  decl: portalAdvertResource,
  table: portalAdverts,
  tenant: { kind: 'column', column: portalAdverts.orgId },
  hooks: {
    async beforeAdd(ctx, _exec, input) {
      checkAdvert(ctx.orgId(), input);
    },
    async beforeUpdate(ctx, _exec, _id, input, _values, before) {
      checkAdvert(ctx.orgId(), input, before);
    },
  },
  methods: {
    /** multipart `file` (JPEG/PNG under 10 MB) → {url} to put in an ad's `image`. */
    upload: method({
      access: 'portal.advert.upload',
      body: closedObject({ method: methodField, file: zFile }),
      transactional: false,
      async handler(ctx, input): Promise<{ url: string }> {
        return { url: await storeImage(ctx, ctx.orgId(), input.file, 'file', { gif: true }) };
      },
    }),
  },
});

