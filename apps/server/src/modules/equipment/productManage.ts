import { randomInt } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  Code, MAINTENANCE_COST_MAX_CENTS, MAINTENANCE_LABOUR_MAX_CENTS, MAINTENANCE_PARTS_MAX, deviceAuthResource, maintenancePartResource,
  maintenanceResource, manufacturerImageResource, typeImageResource,
} from '@gx/contract';
import { deviceModels, devices, organizations } from '../../db/schema';
import type { Executor } from '../../db/client';
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
  /** The organisation's registered device with `serial` when the record was last written (the server's). */
  deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
  fault: text('fault').notNull(),
  actionTaken: text('action_taken').notNull().default(''),
  handling: text('handling').notNull().default('repair'),
  state: text('state').notNull().default('received'),
  engineer: text('engineer').notNull().default(''),
  receivedAt: ts('received_at').notNull(),
  returnedAt: ts('returned_at'),
  labourCents: integer('labour_cents').notNull().default(0),
  /** Labour + Σ parts' quantity × unit price, kept by the server on every change of either. */
  cost: integer('cost').notNull().default(0),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  prefixIdx('device_maintenance_serial_prefix_idx', t.serial),
  index('device_maintenance_device_idx').on(t.deviceId),
  index('device_maintenance_org_created_idx').on(t.orgId, t.createdAt),
  index('device_maintenance_org_state_idx').on(t.orgId, t.state),
  index('device_maintenance_org_handling_idx').on(t.orgId, t.handling),
  index('device_maintenance_org_serial_idx').on(t.orgId, t.serial),
  index('device_maintenance_org_received_idx').on(t.orgId, t.receivedAt),
]);

/** The parts a maintenance record used; `amount_cents` is the server's. */
export const deviceMaintenanceParts = pgTable('device_maintenance_parts', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  maintenanceId: integer('maintenance_id').notNull().references(() => deviceMaintenance.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  quantity: integer('quantity').notNull().default(1),
  unitCents: integer('unit_cents').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('device_maintenance_parts_org_maintenance_idx').on(t.orgId, t.maintenanceId, t.id),
  index('device_maintenance_parts_maintenance_idx').on(t.maintenanceId),
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
export function licenceCode(now: Date): string {
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

/** The organisation's registered device with this serial (never another organisation's), or null. */
async function registeredDevice(exec: Executor, orgId: number, serialNo: unknown): Promise<number | null> {
  if (typeof serialNo !== 'string' || serialNo === '') return null;
  const [d] = await exec.select({ id: devices.id }).from(devices).where(and(eq(devices.orgId, orgId), eq(devices.serial, serialNo)));
  return d?.id ?? null;
}

/** Σ quantity × unit price of a record's parts (one left out: the part being removed), exact as float8 below 2^53. */
async function partsCents(exec: Executor, maintenanceId: number, without?: number): Promise<number> {
  const where = without === undefined ? eq(deviceMaintenanceParts.maintenanceId, maintenanceId)
    : and(eq(deviceMaintenanceParts.maintenanceId, maintenanceId), ne(deviceMaintenanceParts.id, without));
  const [r] = await exec.select({ sum: sql<number>`coalesce(sum(${deviceMaintenanceParts.amountCents}), 0)::float8` }).from(deviceMaintenanceParts).where(where);
  return Number(r?.sum ?? 0);
}

/** Labour + parts, refused (1001 naming `field`) beyond the cap, so the stored cost is always exact and complete. */
function totalCost(labour: number, parts: number, field: string): number {
  const total = labour + parts;
  if (total > MAINTENANCE_COST_MAX_CENTS) throw new AppError(Code.VALIDATION, 'validation.maintenanceCostMax', field);
  return total;
}

/** The record's row locked, so part changes and labour changes of one record run one after the other. */
async function lockMaintenance(exec: Executor, id: number): Promise<{ labourCents: number } | undefined> {
  const [m] = await exec.select({ labourCents: deviceMaintenance.labourCents }).from(deviceMaintenance).where(eq(deviceMaintenance.id, id)).for('update');
  return m;
}

/** Stores the record's cost from its labour and its parts as they now are. */
async function recomputeCost(exec: Executor, maintenanceId: number, field: string, withoutPart?: number): Promise<void> {
  const m = await lockMaintenance(exec, maintenanceId);
  if (!m) return;
  const cost = totalCost(m.labourCents, await partsCents(exec, maintenanceId, withoutPart), field);
  await exec.update(deviceMaintenance).set({ cost }).where(eq(deviceMaintenance.id, maintenanceId));
}

export const maintenanceBinding = defineResource({
  decl: maintenanceResource,
  table: deviceMaintenance,
  tenant: { kind: 'column', column: deviceMaintenance.orgId },
  hooks: {
    /**
     * The device is resolved from the serial; the cost is the labour (a new record has no parts). An old-style row
     * (import or client) sending only `cost` meant the whole charge: it becomes the labour.
     */
    async beforeAdd(ctx, exec, input, values) {
      values.deviceId = await registeredDevice(exec, ctx.orgId(), input.serial);
      let labour = typeof input.labour_cents === 'number' ? input.labour_cents : undefined;
      if (labour === undefined && typeof input.cost === 'number') {
        if (input.cost > MAINTENANCE_LABOUR_MAX_CENTS) throw new AppError(Code.VALIDATION, 'validation.max', 'cost');
        labour = input.cost;
      }
      values.labourCents = labour ?? 0;
      values.cost = totalCost(values.labourCents as number, 0, 'labour_cents');
    },
    /** Every update links the device anew (it may have been registered since) and recomputes the cost. */
    async beforeUpdate(ctx, exec, id, input, values, before) {
      values.deviceId = await registeredDevice(exec, ctx.orgId(), 'serial' in input ? input.serial : before.serial);
      await lockMaintenance(exec, id);
      const labour = typeof input.labour_cents === 'number' ? input.labour_cents : Number(before.labour_cents ?? 0);
      values.cost = totalCost(labour, await partsCents(exec, id), 'labour_cents');
    },
    async afterTransition(ctx, exec, id, action) {
      if (action === 'return') await exec.update(deviceMaintenance).set({ returnedAt: ctx.services.now() }).where(eq(deviceMaintenance.id, id));
    },
  },
});

export const maintenancePartBinding = defineResource({
  decl: maintenancePartResource,
  table: deviceMaintenanceParts,
  tenant: { kind: 'column', column: deviceMaintenanceParts.orgId },
  hooks: {
    async beforeAdd(_ctx, exec, input, values) {
      const maintenanceId = input.maintenance_id as number;
      if (!(await lockMaintenance(exec, maintenanceId))) throw new AppError(Code.NOT_FOUND, undefined, 'maintenance_id');
      const [n] = await exec.select({ n: sql<number>`count(*)::int` }).from(deviceMaintenanceParts).where(eq(deviceMaintenanceParts.maintenanceId, maintenanceId));
      if ((n?.n ?? 0) >= MAINTENANCE_PARTS_MAX) throw new AppError(Code.VALIDATION, 'validation.tooMany', 'maintenance_id');
      values.amountCents = Number(input.quantity) * Number(input.unit_cents);
    },
    async afterAdd(_ctx, exec, _id, input) {
      await recomputeCost(exec, input.maintenance_id as number, 'unit_cents');
    },
    /** A part changes with its record locked (a concurrent change of the same record waits). */
    async guard(_ctx, exec, _id, _operation, before) {
      await lockMaintenance(exec, before.maintenance_id as number);
    },
    async beforeUpdate(_ctx, _exec, _id, input, values, before) {
      const quantity = typeof input.quantity === 'number' ? input.quantity : Number(before.quantity);
      const unit = typeof input.unit_cents === 'number' ? input.unit_cents : Number(before.unit_cents);
      values.amountCents = quantity * unit;
    },
    async afterUpdate(_ctx, exec, _id, input, before) {
      await recomputeCost(exec, before.maintenance_id as number, 'quantity' in input && !('unit_cents' in input) ? 'quantity' : 'unit_cents');
    },
    async beforeRemove(_ctx, exec, id, before) {
      await recomputeCost(exec, before.maintenance_id as number, 'id', id);
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
