import { operationLogResource } from '@gx/contract';
import { operationLog } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { readableChange, targetLabels } from './operationLogReading';

/**
 * Read-only: the organisation's own entries; platform operators see all (declared `platformSeesAll`). Each entry
 * names its object by its picker label, and an export writes its before/after as the acted-on list reads them.
 */
export const operationLogBinding = defineResource({
  decl: operationLogResource,
  table: operationLog,
  tenant: { kind: 'column', column: operationLog.orgId },
  virtual: { target_label: { load: (exec, ids, ctx) => targetLabels(ctx, exec, ids) } },
  hooks: {
    async readableCells(ctx, rows, reading) {
      for (const row of rows) {
        const action = String(row.action ?? '');
        row.before = await readableChange(ctx, ctx.db, action, row.before, reading);
        row.after = await readableChange(ctx, ctx.db, action, row.after, reading);
      }
    },
  },
});
