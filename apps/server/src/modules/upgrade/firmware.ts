import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  closedObject, Code, compareVersions, FIRMWARE_MODELS_RE, FIRMWARE_VERSION_RE, firmwareResource, firmwareUploadFields, normaliseModels,
  PACKAGE_MAX_BYTES, PACKAGE_UPLOAD_MAX_BYTES, packageSizeMessage,
} from '@gx/contract';
import { organizations } from '../../db/schema';
import { zDiskFile } from '../../http/body';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Firmware packages of an organisation; the file itself is in the file store under `file_key`. */
export const firmwarePackages = pgTable('firmware_packages', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  family: text('family').notNull(),
  /** Comma-separated models it fits; empty: the whole family. */
  models: text('models').notNull().default(''),
  filename: text('filename').notNull().default(''),
  fileKey: text('file_key').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  /** `PACKAGE_KINDS`: firmware, app or video, each with its size limit. */
  kind: text('kind').notNull().default('firmware'),
  /** Devices running an older version than this are not upgraded ('' = any). */
  minVersion: text('min_version').notNull().default(''),
  /** Release notes in Chinese (`notes`) and English (`notes_en`). */
  notes: text('notes').notNull().default(''),
  notesEn: text('notes_en').notNull().default(''),
  status: integer('status').notNull().default(1),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('firmware_packages_org_family_version_uq').on(t.orgId, t.family, t.version),
  index('firmware_packages_version_prefix_idx').using('btree', sql`lower(${t.version}) text_pattern_ops`),
  index('firmware_packages_org_created_idx').on(t.orgId, t.createdAt),
  index('firmware_packages_org_status_idx').on(t.orgId, t.status),
  index('firmware_packages_org_kind_idx').on(t.orgId, t.kind),
]);

/**
 * Whether a package fits a device: same family, its model listed (or no list), and its current firmware at least
 * the package's minimum (or no minimum; a device that never said its version does not meet one).
 */
export function fits(pkg: { family: string; models: string; minVersion: string }, device: { family: string; model: string; fw: string | null }): boolean {
  if (pkg.family !== device.family) return false;
  if (pkg.minVersion && (!device.fw || compareVersions(device.fw, pkg.minVersion) < 0)) return false;
  if (!pkg.models) return true;
  return pkg.models.split(',').includes(device.model);
}

const uploadBody = closedObject({ ...firmwareUploadFields, file: zDiskFile.optional() });

export const firmwareBinding = defineResource({
  decl: firmwareResource,
  table: firmwarePackages,
  tenant: { kind: 'column', column: firmwarePackages.orgId },
  hooks: {
    async beforeUpdate(_ctx, _exec, _id, input, values) {
      if (typeof input.models === 'string') {
        if (!FIRMWARE_MODELS_RE.test(input.models.trim())) throw new AppError(Code.VALIDATION, 'validation.firmwareModels', 'models');
        values.models = normaliseModels(input.models);
      }
      if (typeof input.min_version === 'string') {
        const v = input.min_version.trim();
        if (v && !FIRMWARE_VERSION_RE.test(v)) throw new AppError(Code.VALIDATION, 'validation.firmwareVersion', 'min_version');
        values.minVersion = v;
      }
    },
    async beforeRemove(ctx, exec, id) {
      const [row] = await exec.select({ key: firmwarePackages.fileKey }).from(firmwarePackages).where(eq(firmwarePackages.id, id));
      // The file goes once the row is gone for good; a refused or rolled-back removal keeps it.
      if (row) ctx.afterCommit(() => void ctx.services.files.remove(row.key).catch((err: unknown) => ctx.req.log.error({ err }, 'firmware file removal')));
    },
  },
  methods: {
    /**
     * A package arrives as a multipart body: the file and its version, family, models and release notes. The server
     * computes size and SHA-256 from the bytes it received; the client's word on either is never asked for.
     */
    upload: method({
      access: 'upgrade.firmware.upload',
      body: uploadBody,
      diskUpload: PACKAGE_UPLOAD_MAX_BYTES,
      async handler(ctx, input) {
        const file = input.file;
        if (!file) throw new AppError(Code.VALIDATION, 'validation.firmwareFile', 'file');
        if (file.size === 0 || file.size > PACKAGE_MAX_BYTES[input.kind]) throw new AppError(Code.VALIDATION, packageSizeMessage(input.kind), 'file');
        const orgId = ctx.orgId();
        const [taken] = await ctx.db.select({ id: firmwarePackages.id }).from(firmwarePackages)
          .where(and(eq(firmwarePackages.orgId, orgId), eq(firmwarePackages.family, input.family), eq(firmwarePackages.version, input.version)));
        if (taken) throw new AppError(Code.VALIDATION, 'validation.firmwareDuplicate', 'version');
        const key = `${orgId}/${randomBytes(16).toString('base64url')}.bin`;
        const models = normaliseModels(input.models);
        await ctx.services.files.putFile(key, file.path);
        try {
          const now = ctx.services.now();
          const [row] = await ctx.db.insert(firmwarePackages).values({
            orgId, version: input.version, family: input.family, kind: input.kind, models, minVersion: input.min_version, filename: file.filename.slice(0, 255),
            fileKey: key, size: file.size, sha256: file.sha256, notes: input.notes, notesEn: input.notes_en, createdBy: ctx.user().userId, createdAt: now, updatedAt: now,
          }).returning({ id: firmwarePackages.id });
          const after = { id: row!.id, version: input.version, family: input.family, kind: input.kind, models, min_version: input.min_version, size: file.size, sha256: file.sha256 };
          await ctx.audit(ctx.db, { target: row!.id, after });
          return after;
        } catch (err) {
          await ctx.services.files.remove(key);
          throw err;
        }
      },
    }),
  },
});
