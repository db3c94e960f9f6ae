import { Code, portalAgentResource } from '@gx/contract';
import { portalAgents } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { Input, WireRow } from '../../resources/types';

function checkValidity(input: Input, before?: WireRow): void {
  const from = input.valid_from ?? before?.valid_from;
  const to = input.valid_to ?? before?.valid_to;
  if (from && to && new Date(to as string | Date).getTime() <= new Date(from as string | Date).getTime()) {
    throw new AppError(Code.VALIDATION, 'validation.endsBeforeStart', 'valid_to');
  }
}

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
