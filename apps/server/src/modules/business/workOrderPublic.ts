import { and, eq } from 'drizzle-orm';
import {
  Code, PublicWorkOrderApi, publicWorkOrderFormBody, publicWorkOrderStatusBody, publicWorkOrderSubmitBody, type PublicWorkOrderForm,
  type PublicWorkOrderReceipt, type PublicWorkOrderStatus, type WorkOrderState,
} from '@gx/contract';
import { devices, organizations } from '../../db/schema';
import { method, type EndpointSpec } from '../../http/endpoint';
import { AppError, fail } from '../../http/errors';
import type { RequestContext } from '../../http/context';
import { admitQuery } from '../portal/limits';
import { orderNumber, recordEvent, workOrders } from './workOrder';

/** An enabled organisation by id, or "not found" (a disabled one says nothing about itself either). */
async function openOrganisation(ctx: RequestContext, id: number): Promise<{ id: number; name: string }> {
  const [org] = await ctx.db.select({ id: organizations.id, name: organizations.name }).from(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.status, 1)));
  if (!org) throw fail.notFound();
  return org;
}

/**
 * `/workOrder?org=<id>` (issue 15 point 1): anyone reports a problem to an organisation — title, description,
 * contact, and the device's serial if they know it — and gets the order number; the order starts `open` in the
 * organisation's list with "submitted" on its timeline by nobody. Limited per IP and per phone like the other
 * public queries (captcha after the free ones).
 */
export const publicWorkOrderEndpoint: EndpointSpec = {
  path: PublicWorkOrderApi.submit,
  methods: {
    form: method({
      access: 'public', body: publicWorkOrderFormBody, readOnly: true,
      async handler(ctx, input): Promise<PublicWorkOrderForm> {
        return { org_name: (await openOrganisation(ctx, input.org)).name };
      },
    }),
    submit: method({
      access: 'public', body: publicWorkOrderSubmitBody,
      async handler(ctx, input): Promise<PublicWorkOrderReceipt> {
        await admitQuery(ctx, 'wo', input.contact_phone, input.code);
        const org = await openOrganisation(ctx, input.org);
        // The one device the customer names by its serial becomes the order's first linked device.
        const deviceIds: number[] = [];
        if (input.serial) {
          const [d] = await ctx.db.select({ id: devices.id }).from(devices).where(and(eq(devices.orgId, org.id), eq(devices.serial, input.serial)));
          if (!d) throw new AppError(Code.VALIDATION, 'validation.notOurDevice', 'serial');
          deviceIds.push(d.id);
        }
        const now = ctx.services.now();
        const [made] = await ctx.db.insert(workOrders).values({
          orgId: org.id, orderNo: orderNumber(now), title: input.title, description: input.description, deviceIds,
          contactName: input.contact_name, contactPhone: input.contact_phone, status: 'open', createdAt: now, updatedAt: now,
        }).returning({ id: workOrders.id, orderNo: workOrders.orderNo });
        await recordEvent(ctx, ctx.db, made!.id, { kind: 'created', to: 'open', body: input.contact_name });
        return { order_no: made!.orderNo };
      },
    }),
  },
};

/** An order number → its state and dates, nothing about the people (the number is the capability). */
export const publicWorkOrderStatusEndpoint: EndpointSpec = {
  path: PublicWorkOrderApi.status,
  methods: {
    default: method({
      access: 'public', body: publicWorkOrderStatusBody, readOnly: true,
      async handler(ctx, input): Promise<PublicWorkOrderStatus> {
        await admitQuery(ctx, 'wos', input.order_no, input.code);
        const [o] = await ctx.db.select({ orderNo: workOrders.orderNo, status: workOrders.status, createdAt: workOrders.createdAt, updatedAt: workOrders.updatedAt })
          .from(workOrders).where(eq(workOrders.orderNo, input.order_no));
        if (!o) return { found: false };
        return { found: true, order_no: o.orderNo, status: o.status as WorkOrderState, submitted_at: o.createdAt.toISOString(), updated_at: o.updatedAt.toISOString() };
      },
    }),
  },
};
