import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { deviceCommands, devices, organizations } from '../../db/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);
const common = {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** Bumped on every change, so a device's stored configuration says which revision it came from. */
  version: integer('version').notNull().default(1),
  /** Default values of the template's `{{ name }}` placeholders (JSON text), the lowest precedence level. */
  variables: text('variables').notNull().default('{}'),
  /** The device model code (`devices.model`) this template is the default of in its organisation, or ''. */
  defaultModel: text('default_model').notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

/** AP templates (SPEC §3); SSIDs and radios are JSON text checked against the contract's schemas. */
export const apTemplates = pgTable('ap_templates', {
  ...common,
  roamingThreshold: integer('roaming_threshold').notNull().default(0),
  lanPorts: integer('lan_ports').notNull().default(1),
  ssids: text('ssids').notNull(),
  radio24: text('radio_24').notNull(),
  radio5: text('radio_5').notNull(),
  upLimitKbps: integer('up_limit_kbps').notNull().default(0),
  downLimitKbps: integer('down_limit_kbps').notNull().default(0),
  whitelist: text('whitelist').notNull().default(''),
}, (t) => [
  index('ap_templates_org_updated_idx').on(t.orgId, t.updatedAt),
  index('ap_templates_org_name_idx').on(t.orgId, t.name),
  prefixIdx('ap_templates_name_prefix_idx', t.name),
  index('ap_templates_updated_idx').on(t.updatedAt),
  index('ap_templates_org_default_model_idx').on(t.orgId, t.defaultModel),
]);

export const lanTemplates = pgTable('lan_templates', {
  ...common,
  lanPorts: integer('lan_ports').notNull().default(4),
  vlan: integer('vlan').notNull().default(1),
  dhcp: boolean('dhcp').notNull().default(true),
  upLimitKbps: integer('up_limit_kbps').notNull().default(0),
  downLimitKbps: integer('down_limit_kbps').notNull().default(0),
  whitelist: text('whitelist').notNull().default(''),
}, (t) => [
  index('lan_templates_org_updated_idx').on(t.orgId, t.updatedAt),
  index('lan_templates_org_name_idx').on(t.orgId, t.name),
  prefixIdx('lan_templates_name_prefix_idx', t.name),
  index('lan_templates_updated_idx').on(t.updatedAt),
  index('lan_templates_org_default_model_idx').on(t.orgId, t.defaultModel),
]);

export const phoneTemplates = pgTable('phone_templates', {
  ...common,
  account: text('account').notNull(),
  password: text('password').notNull(),
  server: text('server').notNull(),
  port: integer('port').notNull().default(5060),
  registerIntervalS: integer('register_interval_s').notNull().default(300),
}, (t) => [
  index('phone_templates_org_updated_idx').on(t.orgId, t.updatedAt),
  index('phone_templates_org_name_idx').on(t.orgId, t.name),
  prefixIdx('phone_templates_name_prefix_idx', t.name),
  index('phone_templates_updated_idx').on(t.updatedAt),
  index('phone_templates_org_default_model_idx').on(t.orgId, t.defaultModel),
]);

/**
 * The configuration in effect per device: the template last applied (kind, id, name and its configuration as
 * applied), the version it goes out as, and the `config_push` command carrying it (its state is the sync state).
 */
export const deviceConfigs = pgTable('device_configs', {
  deviceId: integer('device_id').primaryKey().references(() => devices.id, { onDelete: 'cascade' }),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  templateKind: text('template_kind').notNull(),
  templateId: integer('template_id').notNull(),
  templateName: text('template_name').notNull(),
  config: jsonb('config').notNull(),
  version: integer('version').notNull(),
  commandId: integer('command_id').references(() => deviceCommands.id, { onDelete: 'set null' }),
  appliedAt: ts('applied_at').notNull().defaultNow(),
  /** `SYNC_STATES`, moved along `SYNC_TRANSITIONS` (`configSync.ts`). */
  syncState: text('sync_state').notNull().default('pending'),
  /** The checksum and version last sent on `down/config` (null: not sent yet). */
  checksum: text('checksum'),
  sentVersion: integer('sent_version'),
  /** What the device last reported (`up/config` or `hello`), and when. */
  reportedVersion: integer('reported_version'),
  reportedChecksum: text('reported_checksum'),
  syncedAt: ts('synced_at'),
}, (t) => [
  index('device_configs_template_idx').on(t.templateKind, t.templateId),
  index('device_configs_org_idx').on(t.orgId),
  index('device_configs_command_idx').on(t.commandId),
]);

/** The table of each template kind. */
export const TEMPLATE_TABLES = { ap: apTemplates, lan: lanTemplates, phone: phoneTemplates } as const;
