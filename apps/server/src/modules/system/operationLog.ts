import { operationLogResource } from '@gx/contract';
import { operationLog } from '../../db/schema';
import { defineResource } from '../../resources/define';

/** Read-only: the organisation's own entries; platform operators see all (declared `platformSeesAll`). */
export const operationLogBinding = defineResource({
  decl: operationLogResource,
  table: operationLog,
  tenant: { kind: 'column', column: operationLog.orgId },
});
