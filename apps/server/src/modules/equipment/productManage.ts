import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { Code, deviceAuthResource, maintenanceResource, manufacturerImageResource, typeImageResource } from '@gx/contract';
import { deviceModels, organizations } from '../../db/schema';
import { AppError, fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { Input, WireRow } from '../../resources/types';
import { fileKeyOfUrl } from '../upload/image';
import { assertEndsAfterStart } from '../../resources/window';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** SPEC §7 `/admin/productManage/device_auth`: licences of an organisation. */
export const deviceAuths = pgTable('device_auths', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  modelId: integer('model_id').references(() => deviceModels.id, { onDelete: 'restrict' }),
  serial: text('serial').notNull().default(''),
  feature: text('feature').notNull(),
  quantity: integer('quantity').notNull().default(1),
  validFrom: ts('valid_from').notNull(),
  validUntil: ts('valid_until'),
  state: text('state').notNull().default('active'),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('device_auths_code_uq').on(t.code),
  prefixIdx('device_auths_code_prefix_idx', t.code),
  prefixIdx('device_auths_serial_prefix_idx', t.serial),
  index('device_auths_org_created_idx').on(t.orgId, t.createdAt),
  index('device_auths_org_feature_idx').on(t.orgId, t.feature),
  index('device_auths_org_state_idx').on(t.orgId, t.state),
  index('device_auths_org_serial_idx').on(t.orgId, t.serial),
  index('device_auths_org_valid_from_idx').on(t.orgId, t.validFrom),
  index('device_auths_org_valid_until_idx').on(t.orgId, t.validUntil),
  index('device_auths_model_idx').on(t.modelId),
]);

/** SPEC §7 `/admin/productManage/maintenance`: maintenance and warranty records of an organisation. */
export const deviceMaintenance = pgTable('device_maintenance', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  serial: text('serial').notNull(),
  fault: text('fault').notNull(),
  handling: text('handling').notNull().default('repair'),
  state: text('state').notNull().default('received'),
  engineer: text('engineer').notNull().default(''),
  receivedAt: ts('received_at').notNull(),
  returnedAt: ts('returned_at'),
  cost: integer('cost').notNull().default(0),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  prefixIdx('device_maintenance_serial_prefix_idx', t.serial),
  index('device_maintenance_org_created_idx').on(t.orgId, t.createdAt),
  index('device_maintenance_org_state_idx').on(t.orgId, t.state),
  index('device_maintenance_org_handling_idx').on(t.orgId, t.handling),
  index('device_maintenance_org_serial_idx').on(t.orgId, t.serial),
  index('device_maintenance_org_received_idx').on(t.orgId, t.receivedAt),
]);

/** SPEC §7 `/admin/productManage/type_image`: the platform's picture per device family. */
export const deviceTypeImages = pgTable('device_type_images', {
  id: serial('id').primaryKey(),
  family: text('family').notNull(),
  image: text('image').notNull(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('device_type_images_family_idx').on(t.family),
  index('device_type_images_status_idx').on(t.status),
  index('device_type_images_sort_idx').on(t.sort),
  index('device_type_images_created_idx').on(t.createdAt),
]);

/** SPEC §7 `/admin/productManage/manufacturer_image`: the platform's manufacturer logos. */
export const manufacturerImages = pgTable('manufacturer_images', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo').notNull(),
  website: text('website').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  prefixIdx('manufacturer_images_name_prefix_idx', t.name),
  index('manufacturer_images_status_idx').on(t.status),
  index('manufacturer_images_sort_idx').on(t.sort),
  index('manufacturer_images_created_idx').on(t.createdAt),
]);

const time = (v: unknown): number | undefined => (v ? new Date(v as string | Date).getTime() : undefined);

/** An image is an http(s) link or a file uploaded to this platform. */
function checkImage(input: Input, field: string): void {
  const v = input[field];
  if (typeof v !== 'string' || v === '') return;
  if (!fileKeyOfUrl(v) && !/^https?:\/\/\S+$/i.test(v)) throw fail.validation(field, 'validation.httpLink');
}

/** "LIC" + yyyyMMdd + 10 random digits; the unique index catches the rare clash. */
function licenceCode(now: Date): string {
  return `LIC${now.toISOString().replace(/\D/g, '').slice(0, 8)}${String(randomInt(10_000_000_000)).padStart(10, '0')}`;
}

/** A licence names a model or a serial; it ends after it starts; a licence past its end is expired. */
function checkLicence(input: Input, before?: WireRow): number | undefined {
  const modelId = 'model_id' in input ? input.model_id : before?.model_id;
  const serialNo = 'serial' in input ? input.serial : before?.serial;
  if (!modelId && !serialNo) throw new AppError(Code.VALIDATION, 'validation.required', 'serial');
  assertEndsAfterStart(input, before, 'valid_from', 'valid_until');
  return time('valid_until' in input ? input.valid_until : before?.valid_until);
}

export const deviceAuthBinding = defineResource({
  decl: deviceAuthResource,
  table: deviceAuths,
  tenant: { kind: 'column', column: deviceAuths.orgId },
  hooks: {
    async beforeAdd(ctx, _exec, input, values) {
      const until = checkLicence(input);
      const now = ctx.services.now();
      values.code = licenceCode(now);
      values.state = until !== undefined && until <= now.getTime() ? 'expired' : 'active';
    },
    async beforeUpdate(ctx, _exec, _id, input, values, before) {
      const until = checkLicence(input, before);
      const expired = until !== undefined && until <= ctx.services.now().getTime();
      if (expired && before.state !== 'expired') values.state = 'expired';
      else if (!expired && before.state === 'expired') values.state = 'active';
    },
  },
});

export const maintenanceBinding = defineResource({
  decl: maintenanceResource,
  table: deviceMaintenance,
  tenant: { kind: 'column', column: deviceMaintenance.orgId },
  hooks: {
    async afterTransition(ctx, exec, id, action) {
      if (action === 'return') await exec.update(deviceMaintenance).set({ returnedAt: ctx.services.now() }).where(eq(deviceMaintenance.id, id));
    },
  },
});

export const typeImageBinding = defineResource({
  decl: typeImageResource,
  table: deviceTypeImages,
  tenant: { kind: 'platform' },
  hooks: {
    async beforeAdd(_ctx, _exec, input) { checkImage(input, 'image'); },
    async beforeUpdate(_ctx, _exec, _id, input) { checkImage(input, 'image'); },
  },
});

export const manufacturerImageBinding = defineResource({
  decl: manufacturerImageResource,
  table: manufacturerImages,
  tenant: { kind: 'platform' },
  hooks: {
    async beforeAdd(_ctx, _exec, input) { checkImage(input, 'logo'); },
    async beforeUpdate(_ctx, _exec, _id, input) { checkImage(input, 'logo'); },
  },
});
