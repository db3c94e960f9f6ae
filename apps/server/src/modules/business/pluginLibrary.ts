import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  closedObject, Code, COMMAND_DEFAULT_TTL_S, COMMAND_RESULT_TIMEOUT_S, normalisePluginFamilies, PLUGIN_DOWNLOAD_PATH, PLUGIN_MAX_BYTES, PLUGIN_NAME_MAX,
  PLUGIN_NAME_RE, PLUGIN_SIZE_MESSAGE, pluginFamiliesOf, pluginResource, pluginUploadFields, pluginVersionResource, type PluginAction,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import { devices } from '../../db/schema';
import { zDiskFile } from '../../http/body';
import type { RequestContext } from '../../http/context';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import type { ColumnValues, Input, WireRow } from '../../resources/types';
import { createCommands } from '../equipment/commandBinding';
import { downloadBase } from '../upgrade/rollout';
import { businessPlugins, devicePlugins, pluginLogs, pluginVersions } from './pluginTables';

/** Checks a plugin's identifier and families as the add and update forms send them; sets the stored families. */
function checkPlugin(input: Input, values: ColumnValues): void {
  if (typeof input.name === 'string' && (input.name.length > PLUGIN_NAME_MAX || !PLUGIN_NAME_RE.test(input.name))) {
    throw new AppError(Code.VALIDATION, 'validation.pluginName', 'name');
  }
  if (typeof input.families === 'string') {
    const families = normalisePluginFamilies(input.families);
    if (!families) throw new AppError(Code.VALIDATION, 'validation.pluginFamilies', 'families');
    values.families = families;
  }
}

/** Removes stored packages once the removal has committed; a refused or rolled-back removal keeps them. */
function removeFilesAfterCommit(ctx: RequestContext, keys: string[]): void {
  if (!keys.length) return;
  ctx.afterCommit(() => {
    for (const key of keys) void ctx.services.files.remove(key).catch((err: unknown) => ctx.req.log.error({ err }, 'plugin package removal'));
  });
}

export const pluginBinding = defineResource({
  decl: pluginResource,
  table: businessPlugins,
  tenant: { kind: 'column', column: businessPlugins.orgId },
  columns: {
    version_count: sql<number>`(select count(*)::int from ${pluginVersions} v where v.plugin_id = ${qualified(businessPlugins.id)})`,
    // The most recent upload: what a person pushing "the latest" means.
    latest_version: sql<string>`(select v.version from ${pluginVersions} v where v.plugin_id = ${qualified(businessPlugins.id)} order by v.created_at desc, v.id desc limit 1)`,
    installed_count: sql<number>`(select count(*)::int from ${devicePlugins} dp join ${devices} d on d.id = dp.device_id
      where dp.name = ${qualified(businessPlugins.name)} and d.org_id = ${qualified(businessPlugins.orgId)})`,
  },
  hooks: {
    async beforeAdd(ctx, exec, input, values) {
      checkPlugin(input, values);
      const [taken] = await exec.select({ id: businessPlugins.id }).from(businessPlugins)
        .where(and(eq(businessPlugins.orgId, ctx.orgId()), eq(businessPlugins.name, String(input.name))));
      if (taken) throw new AppError(Code.VALIDATION, 'validation.pluginNameTaken', 'name');
      values.createdBy = ctx.user().userId;
    },
    async beforeUpdate(_ctx, _exec, _id, input, values) {
      checkPlugin(input, values);
    },
    async beforeRemove(ctx, exec, id) {
      // Its versions go with it (the removal was confirmed), and so do their packages.
      const rows = await exec.select({ key: pluginVersions.fileKey }).from(pluginVersions).where(eq(pluginVersions.pluginId, id));
      removeFilesAfterCommit(ctx, rows.map((r) => r.key));
    },
  },
});

const uploadBody = closedObject({ ...pluginUploadFields, file: zDiskFile.optional() });

/**
 * Pushes a version to devices: one command per device (`plugin_install` with the version's signed download link, or
 * `plugin_remove`) and one log row per command. Devices must be the organisation's, enabled, and of a family the
 * plugin applies to; offline ones get theirs at their next hello, as for every command.
 */
async function push(ctx: RequestContext, exec: Executor, version: WireRow, action: PluginAction, ids: number[]) {
  const orgId = ctx.orgId();
  const [plugin] = await exec.select().from(businessPlugins).where(eq(businessPlugins.id, version.plugin_id as number));
  if (!plugin) throw new AppError(Code.NOT_FOUND, undefined, 'id');
  const found = await exec.select({ id: devices.id, serial: devices.serial, family: devices.family, online: devices.online }).from(devices)
    .where(and(inArray(devices.id, ids), eq(devices.orgId, orgId), eq(devices.status, 1)));
  // Another organisation's device, a disabled or a missing one are refused alike: ids cannot be probed.
  if (found.length !== ids.length) throw new AppError(Code.VALIDATION, 'validation.pluginDevices', 'device_ids');
  const families = pluginFamiliesOf(plugin.families) as string[];
  if (found.some((d) => !families.includes(d.family))) throw new AppError(Code.VALIDATION, 'validation.pluginDeviceFamily', 'device_ids');

  const now = ctx.services.now();
  const token = action === 'install' ? randomBytes(32).toString('base64url') : null;
  const [file] = token ? await exec.select({ size: pluginVersions.fileSize, sha256: pluginVersions.sha256 }).from(pluginVersions).where(eq(pluginVersions.id, version.id as number)) : [];
  const params = token && file
    ? { name: plugin.name, version: String(version.version), url: `${downloadBase(ctx.config.publicUrl, ctx.req)}${PLUGIN_DOWNLOAD_PATH}/${token}`, sha256: file.sha256, size: file.size }
    : { name: plugin.name };
  const { batch, made } = await createCommands(ctx, found, action === 'install' ? 'plugin_install' : 'plugin_remove', params, COMMAND_DEFAULT_TTL_S, exec);
  // The link outlives delivery by the result deadline, so a device that received the command late can still fetch it.
  const linkExpiresAt = token ? new Date(now.getTime() + (COMMAND_DEFAULT_TTL_S + COMMAND_RESULT_TIMEOUT_S) * 1000) : null;
  const serialOf = new Map(found.map((d) => [d.id, d.serial]));
  await exec.insert(pluginLogs).values(made.map((c) => ({
    orgId, pluginId: plugin.id, versionId: version.id as number, pluginName: plugin.name, version: String(version.version), deviceId: c.deviceId,
    serial: serialOf.get(c.deviceId) ?? '', action, commandId: c.id, state: 'queued', token, linkExpiresAt, createdBy: ctx.user().userId, createdAt: now,
  })));
  return { batch, pushed: made.length, commands: made.map((c) => ({ id: c.id, device_id: c.deviceId })) };
}

export const pluginVersionBinding = defineResource({
  decl: pluginVersionResource,
  table: pluginVersions,
  tenant: { kind: 'column', column: pluginVersions.orgId },
  hooks: {
    async beforeRemove(ctx, exec, id) {
      const [row] = await exec.select({ key: pluginVersions.fileKey }).from(pluginVersions).where(eq(pluginVersions.id, id));
      if (row) removeFilesAfterCommit(ctx, [row.key]);
    },
  },
  actions: {
    async push(ctx, exec, _id, input, before) {
      const ids = Array.isArray(input.device_ids) ? (input.device_ids as number[]) : [];
      if (!ids.length) throw new AppError(Code.VALIDATION, 'validation.required', 'device_ids');
      const action = (input.push_action ?? 'install') as PluginAction;
      return { answer: await push(ctx, exec, before, action, ids) };
    },
  },
  methods: {
    /**
     * A version arrives as a multipart body: the plugin, its version and notes, then the file. The server computes
     * size and SHA-256 from the bytes it received, as for firmware.
     */
    upload: method({
      access: 'business.plugin_version.upload',
      body: uploadBody,
      diskUpload: PLUGIN_MAX_BYTES,
      fieldLabels: { plugin_id: pluginVersionResource.fields.plugin_id.label },
      async handler(ctx, input) {
        const orgId = ctx.orgId();
        const [plugin] = await ctx.db.select({ id: businessPlugins.id, name: businessPlugins.name }).from(businessPlugins)
          .where(and(eq(businessPlugins.id, input.plugin_id), eq(businessPlugins.orgId, orgId)));
        if (!plugin) throw new AppError(Code.NOT_FOUND, undefined, 'plugin_id');
        const file = input.file;
        if (!file) throw new AppError(Code.VALIDATION, 'validation.pluginFile', 'file');
        if (file.size === 0 || file.size > PLUGIN_MAX_BYTES) throw new AppError(Code.VALIDATION, PLUGIN_SIZE_MESSAGE, 'file');
        const [taken] = await ctx.db.select({ id: pluginVersions.id }).from(pluginVersions)
          .where(and(eq(pluginVersions.pluginId, plugin.id), eq(pluginVersions.version, input.version)));
        if (taken) throw new AppError(Code.VALIDATION, 'validation.pluginVersionTaken', 'version');
        const key = `${orgId}/${randomBytes(16).toString('base64url')}.bin`;
        await ctx.services.files.putFile(key, file.path);
        try {
          const now = ctx.services.now();
          const [row] = await ctx.db.insert(pluginVersions).values({
            orgId, pluginId: plugin.id, version: input.version, filename: file.filename.slice(0, 255), fileKey: key, fileSize: file.size, sha256: file.sha256,
            notes: input.notes, createdBy: ctx.user().userId, createdAt: now, updatedAt: now,
          }).returning({ id: pluginVersions.id });
          const after = { id: row!.id, plugin_id: plugin.id, version: input.version, file_size: file.size, sha256: file.sha256 };
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
