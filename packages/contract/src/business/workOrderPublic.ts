import { z } from 'zod';
import { RULES } from '../resources/rules';
import { closedObject } from '../resources/schemas';
import { zCaptchaAnswer } from '../shell/portal';
import { zId, zPhone } from '../validators';
import type { WorkOrderState } from '../resources/business/workOrder';

/**
 * The public `/workOrder` page (issue 15 point 1): a customer of an organisation reports a problem without an
 * account — `/workOrder?org=<id>` — and follows it by its order number. Submissions and status checks go through
 * the same per-IP limits and captcha as the other public queries.
 */
export const PublicWorkOrderApi = {
  /** `form` (the organisation's name for the page) and `submit`. */
  submit: '/public/work_order',
  /** An order number → its state (no names, no contact details). */
  status: '/public/work_order/status',
} as const;

export const publicWorkOrderFormBody = closedObject({ method: z.literal('form'), org: zId });
export interface PublicWorkOrderForm { org_name: string }

export const publicWorkOrderSubmitBody = closedObject({
  method: z.literal('submit'),
  org: zId,
  title: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  description: z.string().trim().max(2000, 'validation.tooLong').default(''),
  contact_name: z.string().trim().min(1, 'validation.required').max(32, 'validation.tooLong'),
  contact_phone: zPhone,
  /** The device concerned, by the serial on its label (optional; must be one of the organisation's devices). */
  serial: z.string().trim().refine((v) => v === '' || RULES.serial.re.test(v), 'validation.serial').default(''),
  code: zCaptchaAnswer,
});
export type PublicWorkOrderSubmit = z.input<typeof publicWorkOrderSubmitBody>;
export interface PublicWorkOrderReceipt { order_no: string }

export const publicWorkOrderStatusBody = closedObject({
  method: z.string().max(64).optional(),
  order_no: z.string().trim().regex(/^WO\d{20}$/, 'validation.orderNo'),
  code: zCaptchaAnswer,
});
export type PublicWorkOrderStatus =
  | { found: false }
  | { found: true; order_no: string; status: WorkOrderState; submitted_at: string; updated_at: string };
