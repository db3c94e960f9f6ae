import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { deviceCommands, devices, organizations, users } from '../../db/schema';

/**
 * The plugin library's tables, shared by its bindings (library, versions, log) and the download route. The log's
 * state columns and `device_plugins` are kept by a trigger on `device_commands` (migration 0061).
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** Plugins of an organisation: `name` is what devices know it by, unique within the organisation. */
export const businessPlugins = pgTable('business_plugins', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  displayName: text('display_name').notNull(),
  /** Device families it applies to, comma-separated (`normalisePluginFamilies`). */
  families: text('families').notNull(),
  description: text('description').notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('business_plugins_org_name_uq').on(t.orgId, t.name),
  prefixIdx('business_plugins_name_prefix_idx', t.name),
  index('business_plugins_families_idx').using('gin', sql`string_to_array(lower(${t.families}), ',')`),
  index('business_plugins_org_created_idx').on(t.orgId, t.createdAt),
]);

/** A plugin's versions; the package is in the file store under `file_key` (never served by `/uploads`). */
export const pluginVersions = pgTable('business_plugin_versions', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  pluginId: integer('plugin_id').notNull().references(() => businessPlugins.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  filename: text('filename').notNull().default(''),
  fileKey: text('file_key').notNull(),
  fileSize: integer('file_size').notNull(),
  sha256: text('sha256').notNull(),
  notes: text('notes').notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('business_plugin_versions_plugin_version_uq').on(t.pluginId, t.version),
  prefixIdx('business_plugin_versions_version_prefix_idx', t.version),
  index('business_plugin_versions_org_plugin_idx').on(t.orgId, t.pluginId),
  index('business_plugin_versions_org_version_idx').on(t.orgId, t.version),
  index('business_plugin_versions_org_created_idx').on(t.orgId, t.createdAt),
]);

/**
 * One row per device per push: what was asked (plugin, version, install or remove, by whom) and how its command
 * went. `state`, `progress`, `result_*` and `finished_at` follow the command (trigger); `token` signs the version's
 * download link the install command carries, valid until `link_expires_at`.
 */
export const pluginLogs = pgTable('business_plugin_logs', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  pluginId: integer('plugin_id').notNull().references(() => businessPlugins.id),
  versionId: integer('version_id').notNull().references(() => pluginVersions.id),
  pluginName: text('plugin_name').notNull(),
  version: text('version').notNull(),
  /** A device's history goes with it, as its commands do. */
  deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  serial: text('serial').notNull(),
  action: text('action').notNull(),
  commandId: integer('command_id').references((): AnyPgColumn => deviceCommands.id, { onDelete: 'set null' }),
  state: text('state').notNull().default('queued'),
  progress: integer('progress'),
  resultCode: text('result_code').notNull().default(''),
  resultMsg: text('result_msg').notNull().default(''),
  finishedAt: ts('finished_at'),
  token: text('token'),
  linkExpiresAt: ts('link_expires_at'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('business_plugin_logs_org_created_idx').on(t.orgId, t.createdAt),
  index('business_plugin_logs_org_state_idx').on(t.orgId, t.state),
  index('business_plugin_logs_org_plugin_idx').on(t.orgId, t.pluginId),
  index('business_plugin_logs_org_device_idx').on(t.orgId, t.deviceId),
  index('business_plugin_logs_org_action_idx').on(t.orgId, t.action),
  index('business_plugin_logs_plugin_idx').on(t.pluginId),
  index('business_plugin_logs_version_idx').on(t.versionId),
  index('business_plugin_logs_device_idx').on(t.deviceId),
  index('business_plugin_logs_command_idx').on(t.commandId),
  index('business_plugin_logs_token_idx').on(t.token),
]);

/**
 * What each device has installed now, by plugin name: written when a `plugin_install` succeeds, removed when a
 * `plugin_remove` succeeds (trigger). Kept per device, whichever organisation it belongs to.
 */
export const devicePlugins = pgTable('device_plugins', {
  deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  version: text('version').notNull(),
  installedAt: ts('installed_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.deviceId, t.name] }),
  index('device_plugins_name_idx').on(t.name, t.deviceId),
]);
