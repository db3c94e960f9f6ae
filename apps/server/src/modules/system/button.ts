import { inArray } from 'drizzle-orm';
import { buttonResource, Code } from '@gx/contract';
import { buttons } from '../../db/schema';
import { AppError } from '../../http/errors';
import { permissionKeys } from '../../http/endpoint';
import { defineResource } from '../../resources/define';

/** Keys some endpoint method is guarded by. Loaded lazily: the endpoint list includes this module. */
async function builtinKeys(): Promise<Set<string>> {
  const { allEndpoints } = await import('../areas');
  return new Set(permissionKeys(allEndpoints));
}

export const buttonBinding = defineResource({
  decl: buttonResource,
  table: buttons,
  tenant: { kind: 'platform' },
  virtual: {
    builtin: {
      async load(exec, ids) {
        const keys = await builtinKeys();
        const rows = await exec.select({ id: buttons.id, key: buttons.key }).from(buttons).where(inArray(buttons.id, ids));
        return new Map(rows.map((r) => [r.id, keys.has(r.key)]));
      },
    },
  },
  hooks: {
    /** A built-in key guards a server method: removing it would only make it come back on the next start. */
    async guard(_ctx, _exec, _id, operation, before) {
      if (operation === 'remove' && before.builtin === true) throw new AppError(Code.CONFLICT, 'validation.builtinButton', 'key');
    },
  },
});
