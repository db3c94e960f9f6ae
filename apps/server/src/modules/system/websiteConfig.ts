import { Code, websiteConfigResource } from '@gx/contract';
import { domainConfigs } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';

/** Branding rows per domain; the default brand (empty domain) can be edited but not removed. */
export const websiteConfigBinding = defineResource({
  decl: websiteConfigResource,
  table: domainConfigs,
  id: domainConfigs.id,
  tenant: { kind: 'platform' },
  hooks: {
    async guard(_ctx, _exec, _id, operation, before) {
      if (operation === 'remove' && before.domain === '') throw new AppError(Code.CONFLICT, 'validation.defaultBrand', 'domain');
    },
  },
});
