import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Code, orderResource, STATUS_ENABLED } from '@gx/contract';
import { cloudApps, orders } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';

/** yyyyMMddHHmmss + 6 random digits: sortable by time, unique in practice (a unique index catches the rest). */
function orderNumber(now: Date): string {
  return `${now.toISOString().replace(/\D/g, '').slice(0, 14)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** Price × quantity in cents, so 0.1 × 3 is 0.30 and not 0.30000000000000004. */
export function orderAmount(price: string, quantity: number): string {
  return ((Math.round(Number(price) * 100) * quantity) / 100).toFixed(2);
}

export const orderBinding = defineResource({
  decl: orderResource,
  table: orders,
  tenant: { kind: 'column', column: orders.orgId },
  hooks: {
    /** The amount is the server's price times the quantity; an app taken off sale cannot be ordered. */
    async beforeAdd(ctx, exec, input, values) {
      const [app] = await exec.select().from(cloudApps).where(eq(cloudApps.id, input.cloud_app_id as number));
      if (!app || app.status !== STATUS_ENABLED) throw new AppError(Code.VALIDATION, 'validation.option', 'cloud_app_id');
      values.orderNo = orderNumber(ctx.services.now());
      values.amount = orderAmount(app.price, input.quantity as number);
      values.createdBy = ctx.user().userId;
    },
  },
});
