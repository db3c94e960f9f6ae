import { sql } from 'drizzle-orm';
import { deviceGroupResource } from '@gx/contract';
import { deviceGroups, devices } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import { variablesText } from './variablesText';

/**
 * Device groups (issue 12): variables checked like a device's (`config_variables.<name>` named on refusal), default
 * templates checked by the engine to be the organisation's own. Removing a group takes its devices out of it
 * (foreign key `set null`), after the engine's `usedBy` confirmation.
 */
export const deviceGroupBinding = defineResource({
  decl: deviceGroupResource,
  table: deviceGroups,
  tenant: { kind: 'column', column: deviceGroups.orgId },
  columns: {
    devices: sql<number>`(select count(*)::int from ${devices} where ${devices.groupId} = ${qualified(deviceGroups.id)})`,
  },
  hooks: {
    async beforeAdd(ctx, _exec, _input, values) {
      if (values.configVariables !== undefined) values.configVariables = variablesText(values.configVariables, 'config_variables');
      const now = ctx.services.now();
      Object.assign(values, { createdAt: now, updatedAt: now });
    },
    async beforeUpdate(ctx, _exec, _id, _input, values) {
      if (values.configVariables !== undefined) values.configVariables = variablesText(values.configVariables, 'config_variables');
      values.updatedAt = ctx.services.now();
    },
  },
});
