import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CUSTOM_DEVICE_MODEL_CODE_RE, customDeviceResource } from '@gx/contract';
import { organizations } from '../../db/schema';
import { fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { Input } from '../../resources/types';
import { fileKeyOfUrl } from '../upload/image';
import { uploadImageMethod } from '../upload/imageMethod';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Third-party device models an organisation keeps beside the platform's catalogue. */
export const customDevices = pgTable('business_custom_devices', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  brand: text('brand').notNull().default(''),
  modelCode: text('model_code').notNull(),
  family: text('family').notNull().default('other'),
  ports: integer('ports').notNull().default(0),
  poe: integer('poe').notNull().default(0),
  image: text('image').notNull().default(''),
  remark: text('remark').notNull().default(''),
  status: integer('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  // One model code per organisation, whatever its case.
  uniqueIndex('business_custom_devices_org_code_uq').on(t.orgId, sql`lower(${t.modelCode})`),
  index('business_custom_devices_org_name_idx').on(t.orgId, t.name),
  index('business_custom_devices_org_code_idx').on(t.orgId, t.modelCode),
  index('business_custom_devices_org_family_idx').on(t.orgId, t.family),
  index('business_custom_devices_org_brand_idx').on(t.orgId, t.brand),
  index('business_custom_devices_org_status_idx').on(t.orgId, t.status),
  index('business_custom_devices_org_updated_idx').on(t.orgId, t.updatedAt),
  index('business_custom_devices_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  index('business_custom_devices_code_prefix_idx').using('btree', sql`lower(${t.modelCode}) text_pattern_ops`),
]);

/** The model code's characters; the image an http(s) link or an image this organisation uploaded. */
function check(orgId: number, input: Input): void {
  if (typeof input.model_code === 'string' && !CUSTOM_DEVICE_MODEL_CODE_RE.test(input.model_code)) {
    throw fail.validation('model_code', 'validation.modelCode');
  }
  if (typeof input.image === 'string' && input.image !== '') {
    const key = fileKeyOfUrl(input.image);
    const ok = key ? key.startsWith(`${orgId}/`) : /^https?:\/\/\S+$/i.test(input.image);
    if (!ok) throw fail.validation('image', 'validation.httpLink');
  }
}

export const customDeviceBinding = defineResource({
  decl: customDeviceResource,
  table: customDevices,
  tenant: { kind: 'column', column: customDevices.orgId },
  hooks: {
    async beforeAdd(ctx, _exec, input) { check(ctx.orgId(), input); },
    async beforeUpdate(ctx, _exec, _id, input) { check(ctx.orgId(), input); },
  },
  methods: {
    /** multipart `file` (JPEG/PNG/GIF under 10 MB) → {url} to put in a model's `image`. */
    upload_image: uploadImageMethod('business.custom_device.upload_image'),
  },
});
