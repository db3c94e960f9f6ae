import { sql } from 'drizzle-orm';
import { pluginLogResource } from '@gx/contract';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import { devicePlugins, pluginLogs } from './pluginTables';

/**
 * The plugin log: written by pushes (`pluginLibrary.ts`), kept current by the database as each row's command moves
 * (the trigger of migration 0061), read here. `device_plugins` shows what the row's device has installed now.
 */
export const pluginLogBinding = defineResource({
  decl: pluginLogResource,
  table: pluginLogs,
  tenant: { kind: 'column', column: pluginLogs.orgId },
  columns: {
    device_plugins: sql<string>`(select coalesce(string_agg(dp.name || ' ' || dp.version, ', ' order by dp.name), '')
      from ${devicePlugins} dp where dp.device_id = ${qualified(pluginLogs.deviceId)})`,
  },
});
