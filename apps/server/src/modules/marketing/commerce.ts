import { randomInt } from 'node:crypto';
import { and, count, eq, sql, sum } from 'drizzle-orm';
import {
  Code, dailyStatsBody, OP_ORDER_PAID, OP_ORDER_REFUNDED, operationOrderResource, packageResource, STATUS_ENABLED, unitPriceResource,
  type DailySeries,
} from '@gx/contract';
import { operationOrders, servicePackages, unitPrices } from '../../db/schema';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { isPlatformOperator } from '../../resources/scope';
import { dailySeries, dayOf, inPeriod } from '../../db/daily';

export const packageBinding = defineResource({ decl: packageResource, table: servicePackages, tenant: { kind: 'platform' } });

export const unitPriceBinding = defineResource({ decl: unitPriceResource, table: unitPrices, tenant: { kind: 'platform' } });

/** "OP" + yyyyMMddHHmmss + 6 random digits: sortable by time; the unique index catches the rare clash. */
function orderNumber(now: Date): string {
  return `OP${now.toISOString().replace(/\D/g, '').slice(0, 14)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** Largest amount an order may reach (the column is a 32-bit integer of cents: ¥21,474,836.47). */
const AMOUNT_MAX_CENTS = 2_147_483_647;

export const operationOrderBinding = defineResource({
  decl: operationOrderResource,
  table: operationOrders,
  tenant: { kind: 'column', column: operationOrders.orgId },
  hooks: {
    /** Exactly one item, on sale; the amount is the server's price times the quantity, in integer cents. */
    async beforeAdd(ctx, exec, input, values) {
      const packageId = input.package_id as number | null | undefined;
      const unitPriceId = input.unit_price_id as number | null | undefined;
      if ((packageId == null) === (unitPriceId == null)) throw new AppError(Code.VALIDATION, 'validation.orderItem', packageId == null ? 'package_id' : 'unit_price_id');
      const [item] = packageId != null
        ? await exec.select({ price: servicePackages.priceCents, status: servicePackages.status }).from(servicePackages).where(eq(servicePackages.id, packageId))
        : await exec.select({ price: unitPrices.priceCents, status: unitPrices.status }).from(unitPrices).where(eq(unitPrices.id, unitPriceId!));
      const field = packageId != null ? 'package_id' : 'unit_price_id';
      if (!item || item.status !== STATUS_ENABLED) throw new AppError(Code.VALIDATION, 'validation.notOnSale', field);
      const amount = item.price * (input.quantity as number);
      if (!Number.isSafeInteger(amount) || amount > AMOUNT_MAX_CENTS) throw new AppError(Code.VALIDATION, 'validation.max', 'quantity');
      const now = ctx.services.now();
      values.orderNo = orderNumber(now);
      values.amountCents = amount;
      values.createdBy = ctx.user().userId;
    },
  },
  methods: {
    /**
     * Orders per day of the period (by when they were placed): `orders` counts them, `paid` and `refunded` add up
     * the amounts (cents) of those now paid or refunded. Platform operators count every organisation's, as they
     * list them.
     */
    statistics: method({
      access: 'marketing.order.list',
      body: dailyStatsBody,
      readOnly: true,
      async handler(ctx, input): Promise<DailySeries> {
        const period = { from: input.from, to: input.to, tz: input.tz ?? 'UTC' };
        const scope = isPlatformOperator(ctx.user()) ? undefined : eq(operationOrders.orgId, ctx.orgId());
        const rows = await ctx.db.select({
          day: dayOf(operationOrders.createdAt, period),
          orders: count(),
          paid: sum(sql`case when ${operationOrders.status} = ${OP_ORDER_PAID} then ${operationOrders.amountCents} else 0 end`),
          refunded: sum(sql`case when ${operationOrders.status} = ${OP_ORDER_REFUNDED} then ${operationOrders.amountCents} else 0 end`),
        }).from(operationOrders).where(and(scope, inPeriod(operationOrders.createdAt, period)))
          // By position: the zone is a bound parameter, so the expression written twice would not match itself.
          .groupBy(sql`1`);
        return dailySeries(period, ['orders', 'paid', 'refunded'], rows.flatMap((r) => [
          { day: r.day, key: 'orders', value: r.orders },
          { day: r.day, key: 'paid', value: Number(r.paid ?? 0) },
          { day: r.day, key: 'refunded', value: Number(r.refunded ?? 0) },
        ]));
      },
    }),
  },
});
