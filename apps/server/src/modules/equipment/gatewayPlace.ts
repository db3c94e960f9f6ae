import { and, eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { gatewayPlaceResource } from '@gx/contract';
import { devices, organizations } from '../../db/schema';
import { fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { Executor } from '../../db/client';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** SPEC §7 `/admin/device/gateway_place`: places served by an organisation's integrated gateways. */
export const gatewayPlaces = pgTable('gateway_places', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  gatewayId: integer('gateway_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  room: text('room').notNull().default(''),
  note: text('note').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('gateway_places_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  index('gateway_places_org_name_idx').on(t.orgId, t.name),
  index('gateway_places_org_gateway_idx').on(t.orgId, t.gatewayId),
  index('gateway_places_org_updated_idx').on(t.orgId, t.updatedAt),
  index('gateway_places_gateway_idx').on(t.gatewayId),
]);

/** The engine has checked the device is the organisation's; only a gateway (family `ig`) serves a place. */
async function checkGateway(exec: Executor, id: unknown): Promise<void> {
  if (typeof id !== 'number') return;
  const [row] = await exec.select({ id: devices.id }).from(devices).where(and(eq(devices.id, id), eq(devices.family, 'ig')));
  if (!row) throw fail.validation('gateway_id', 'validation.invalid');
}

export const gatewayPlaceBinding = defineResource({
  decl: gatewayPlaceResource,
  table: gatewayPlaces,
  tenant: { kind: 'column', column: gatewayPlaces.orgId },
  hooks: {
    async beforeAdd(ctx, exec, input, values) {
      await checkGateway(exec, input.gateway_id);
      const now = ctx.services.now();
      Object.assign(values, { createdAt: now, updatedAt: now });
    },
    async beforeUpdate(ctx, exec, _id, input, values) {
      await checkGateway(exec, input.gateway_id);
      values.updatedAt = ctx.services.now();
    },
  },
});
