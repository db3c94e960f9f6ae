import { portalAgentResource } from '@gx/contract';
import { portalAgents } from '../../db/schema';
import { defineResource } from '../../resources/define';
import type { Input, WireRow } from '../../resources/types';
import { assertEndsAfterStart } from '../../resources/window';

const checkValidity = (input: Input, before?: WireRow) => assertEndsAfterStart(input, before, 'valid_from', 'valid_to');

/** The platform's register of authorised agents; the public /agents page reads it (public.ts). */
export const portalAgentBinding = defineResource({
  decl: portalAgentResource,
  table: portalAgents,
  tenant: { kind: 'platform' },
  hooks: {
    async beforeAdd(_ctx, _exec, input) {
      checkValidity(input);
    },
    async beforeUpdate(_ctx, _exec, _id, input, _values, before) {
      checkValidity(input, before);
    },
  },
});
