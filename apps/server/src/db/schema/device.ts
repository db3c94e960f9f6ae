import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { organizations } from './core';

/**
 * The device area (DESIGN §6): the registry with its wire-reported state, the event log, persisted commands and
 * telemetry. Telemetry is partitioned by day (both engines), so retention drops whole partitions.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

export const devices = pgTable('devices', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  serial: text('serial').notNull(),
  name: text('name').notNull().default(''),
  family: text('family').notNull(),
  model: text('model').notNull().default(''),
  fw: text('fw').notNull().default(''),
  hw: text('hw').notNull().default(''),
  mac: text('mac').notNull().default(''),
  ip: text('ip').notNull().default(''),
  heartbeatS: integer('heartbeat_s').notNull().default(60),
  /** scrypt of the secret; the secret itself is answered once and never stored. */
  secretHash: text('secret_hash').notNull(),
  status: integer('status').notNull().default(1),
  online: integer('online').notNull().default(0),
  lastSeenAt: ts('last_seen_at'),
  onlineAt: ts('online_at'),
  offlineAt: ts('offline_at'),
  /** The broker session (connect/disconnect), kept apart from activity (`online`, heard within 3 × heartbeat). */
  connected: integer('connected').notNull().default(0),
  connectedAt: ts('connected_at'),
  disconnectedAt: ts('disconnected_at'),
  disconnectReason: text('disconnect_reason').notNull().default(''),
  snapshot: jsonb('snapshot').notNull().default(sql`'{}'::jsonb`),
  metrics: jsonb('metrics').notNull().default(sql`'{}'::jsonb`),
  configVersion: integer('config_version').notNull().default(0),
  /** The catalogue model (capabilities, image); `model` is what the device reports. */
  modelId: integer('model_id').references((): AnyPgColumn => deviceModels.id, { onDelete: 'restrict' }),
  serviceStart: ts('service_start'),
  serviceEnd: ts('service_end'),
  remark: text('remark').notNull().default(''),
  /** Where the device stands (the big screens' map): a province of `CHINA_PROVINCES` or '' , and a city. */
  province: text('province').notNull().default(''),
  city: text('city').notNull().default(''),
  /** Comma-separated tags (`normaliseTags`); matched case-insensitively through the expression index below. */
  tags: text('tags').notNull().default(''),
  /** The device's own configuration variables (JSON text, name → value): the highest precedence level. */
  configVariables: text('config_variables').notNull().default('{}'),
  /** Its device group (variables between its own and the organisation's; default templates). */
  groupId: integer('group_id').references((): AnyPgColumn => deviceGroups.id, { onDelete: 'set null' }),
  createdAt: created(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('devices_serial_uq').on(t.serial),
  index('devices_org_group_idx').on(t.orgId, t.groupId),
  index('devices_tags_idx').using('gin', sql`string_to_array(lower(${t.tags}), ',')`),
  index('devices_org_province_idx').on(t.orgId, t.province),
  prefixIdx('devices_serial_prefix_idx', t.serial),
  prefixIdx('devices_name_prefix_idx', t.name),
  // The family pages filter by model, firmware and MAC prefix (0010_device_families).
  prefixIdx('devices_mac_prefix_idx', t.mac),
  index('devices_org_model_idx').on(t.orgId, t.model),
  index('devices_org_fw_idx').on(t.orgId, t.fw),
  index('devices_org_serial_idx').on(t.orgId, t.serial),
  index('devices_org_name_idx').on(t.orgId, t.name),
  index('devices_org_family_idx').on(t.orgId, t.family),
  index('devices_org_online_idx').on(t.orgId, t.online),
  // The dashboard counts devices per family and presence in this index (0015_dashboard).
  index('devices_org_family_online_idx').on(t.orgId, t.family, t.online),
  index('devices_org_status_idx').on(t.orgId, t.status),
  index('devices_org_last_seen_idx').on(t.orgId, t.lastSeenAt),
  index('devices_org_service_end_idx').on(t.orgId, t.serviceEnd),
  index('devices_model_idx').on(t.modelId),
  // The presence sweep looks for online devices only.
  index('devices_online_seen_idx').on(t.online, t.lastSeenAt),
]);

/**
 * Device groups (issue 12, docs/config-variables.md): configuration variables between a device's own and its
 * organisation's, and a default template per kind (ids of `ap_templates` etc.; set null when one is removed, a
 * foreign key written in the migration since those tables live in the equipment module).
 */
export const deviceGroups = pgTable('device_groups', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  configVariables: text('config_variables').notNull().default('{}'),
  apTemplateId: integer('ap_template_id'),
  lanTemplateId: integer('lan_template_id'),
  phoneTemplateId: integer('phone_template_id'),
  createdAt: created(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('device_groups_org_name_idx').on(t.orgId, t.name),
  prefixIdx('device_groups_name_prefix_idx', t.name),
  index('device_groups_org_id_idx').on(t.orgId, t.id),
  index('device_groups_org_updated_idx').on(t.orgId, t.updatedAt),
]);

/**
 * The dashboard's online-rate series (0015_dashboard): an organisation's online and total devices as last counted
 * within each UTC hour, written every minute by the dashboard's sampler, kept 8 days.
 */
export const devicePresenceHourly = pgTable('device_presence_hourly', {
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  hour: ts('hour').notNull(),
  online: integer('online').notNull(),
  total: integer('total').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ name: 'device_presence_hourly_pk', columns: [t.orgId, t.hour] }),
  index('device_presence_hourly_hour_idx').on(t.hour),
]);

export const deviceEvents = pgTable('device_events', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  level: text('level').notNull(),
  code: text('code').notNull(),
  msg: text('msg').notNull().default(''),
  createdAt: created(),
}, (t) => [
  index('device_events_org_device_idx').on(t.orgId, t.deviceId),
  index('device_events_org_level_idx').on(t.orgId, t.level),
  index('device_events_org_created_idx').on(t.orgId, t.createdAt),
  index('device_events_device_idx').on(t.deviceId),
]);

export const deviceCommands = pgTable('device_commands', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
  state: text('state').notNull().default('queued'),
  progress: integer('progress'),
  result: jsonb('result'),
  batch: text('batch').notNull().default(''),
  expiresAt: ts('expires_at').notNull(),
  /** Result deadline (null: `expires_at` + COMMAND_RESULT_TIMEOUT_S); once delivered, at most that long after the ack. */
  deadlineAt: ts('deadline_at'),
  sentAt: ts('sent_at'),
  deliveredAt: ts('delivered_at'),
  finishedAt: ts('finished_at'),
  createdBy: integer('created_by'),
  createdAt: created(),
}, (t) => [
  index('device_commands_org_device_idx').on(t.orgId, t.deviceId),
  index('device_commands_org_state_idx').on(t.orgId, t.state),
  index('device_commands_org_batch_idx').on(t.orgId, t.batch),
  index('device_commands_org_created_idx').on(t.orgId, t.createdAt),
  index('device_commands_device_state_idx').on(t.deviceId, t.state),
  index('device_commands_state_expires_idx').on(t.state, t.expiresAt),
  index('device_commands_state_deadline_idx').on(t.state, t.deadlineAt),
]);

/** Parent of the daily partitions `device_telemetry_YYYYMMDD` (and a default one), created by the retention job. */
export const deviceTelemetry = pgTable('device_telemetry', {
  deviceId: integer('device_id').notNull(),
  orgId: integer('org_id').notNull(),
  ts: ts('ts').notNull(),
  metrics: jsonb('metrics').notNull(),
}, (t) => [index('device_telemetry_device_ts_idx').on(t.deviceId, t.ts)]);

/** The platform's model catalogue; capabilities per family are typed in the contract (`device/models.ts`). */
export const deviceModels = pgTable('device_models', {
  id: serial('id').primaryKey(),
  family: text('family').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  manufacturer: text('manufacturer').notNull().default(''),
  image: text('image').notNull().default(''),
  lanPorts: integer('lan_ports').notNull().default(0),
  wanPorts: integer('wan_ports').notNull().default(0),
  uplinkPorts: integer('uplink_ports').notNull().default(0),
  ponPorts: integer('pon_ports').notNull().default(0),
  maxOnus: integer('max_onus').notNull().default(0),
  maxClients: integer('max_clients').notNull().default(0),
  maxAps: integer('max_aps').notNull().default(0),
  sipLines: integer('sip_lines').notNull().default(0),
  cardSlots: integer('card_slots').notNull().default(0),
  screenInches: integer('screen_inches').notNull().default(0),
  radios: text('radios').notNull().default('none'),
  commands: text('commands').notNull().default(''),
  status: integer('status').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdAt: created(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('device_models_code_uq').on(t.code),
  prefixIdx('device_models_code_prefix_idx', t.code),
  prefixIdx('device_models_name_prefix_idx', t.name),
  index('device_models_family_idx').on(t.family),
  index('device_models_status_idx').on(t.status),
]);

/**
 * Manufactured units (the warehouse): each has its secret (hash) and authorization number from the import, and
 * moves along `STOCK_LIFECYCLE`; `org_id` is the claiming or owning organisation, `device_id` its registry row.
 */
export const deviceStock = pgTable('device_stock', {
  id: serial('id').primaryKey(),
  serial: text('serial').notNull(),
  family: text('family').notNull(),
  modelId: integer('model_id').notNull().references(() => deviceModels.id, { onDelete: 'restrict' }),
  authorizationNumber: text('authorization_number').notNull(),
  mac: text('mac').notNull().default(''),
  hw: text('hw').notNull().default(''),
  batch: text('batch').notNull().default(''),
  secretHash: text('secret_hash').notNull(),
  state: text('state').notNull().default('in_stock'),
  orgId: integer('org_id').references(() => organizations.id, { onDelete: 'set null' }),
  deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
  claimedAt: ts('claimed_at'),
  boundAt: ts('bound_at'),
  remark: text('remark').notNull().default(''),
  createdAt: created(),
}, (t) => [
  uniqueIndex('device_stock_serial_uq').on(t.serial),
  prefixIdx('device_stock_serial_prefix_idx', t.serial),
  index('device_stock_family_idx').on(t.family),
  index('device_stock_state_idx').on(t.state),
  index('device_stock_batch_idx').on(t.batch),
  index('device_stock_created_idx').on(t.createdAt),
  index('device_stock_model_idx').on(t.modelId),
  index('device_stock_device_idx').on(t.deviceId),
]);

/** Claims under review (`CLAIM_LIFECYCLE`), one per claim attempt; the claimant organisation owns the row. */
export const deviceClaims = pgTable('device_claims', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  stockId: integer('stock_id').notNull().references(() => deviceStock.id, { onDelete: 'cascade' }),
  serial: text('serial').notNull(),
  family: text('family').notNull(),
  modelId: integer('model_id').references(() => deviceModels.id, { onDelete: 'set null' }),
  state: text('state').notNull().default('pending'),
  reason: text('reason').notNull().default(''),
  createdBy: integer('created_by'),
  reviewedBy: integer('reviewed_by'),
  reviewedAt: ts('reviewed_at'),
  createdAt: created(),
}, (t) => [
  index('device_claims_org_state_idx').on(t.orgId, t.state),
  index('device_claims_state_idx').on(t.state),
  prefixIdx('device_claims_serial_prefix_idx', t.serial),
  index('device_claims_org_serial_idx').on(t.orgId, t.serial),
  index('device_claims_created_idx').on(t.createdAt),
  index('device_claims_org_created_idx').on(t.orgId, t.createdAt),
]);

/** Transfers between organisations (`TRANSFER_LIFECYCLE`): both sides see the row. */
export const deviceTransfers = pgTable('device_transfers', {
  id: serial('id').primaryKey(),
  deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  serial: text('serial').notNull(),
  family: text('family').notNull(),
  fromOrgId: integer('from_org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  toOrgId: integer('to_org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  state: text('state').notNull().default('pending'),
  createdBy: integer('created_by'),
  decidedBy: integer('decided_by'),
  decidedAt: ts('decided_at'),
  /** SHA-256 of the offer's link token (`/authorizedtoreceive?token=…`); the token itself is shown, never kept. */
  linkHash: text('link_hash'),
  createdAt: created(),
}, (t) => [
  uniqueIndex('device_transfers_link_uq').on(t.linkHash),
  index('device_transfers_from_idx').on(t.fromOrgId, t.state),
  index('device_transfers_to_idx').on(t.toOrgId, t.state),
  index('device_transfers_device_idx').on(t.deviceId, t.state),
  index('device_transfers_state_idx').on(t.state),
  prefixIdx('device_transfers_serial_prefix_idx', t.serial),
  index('device_transfers_created_idx').on(t.createdAt),
]);

/** Read-only shares with another organisation (`SHARE_LIFECYCLE`). */
export const deviceShares = pgTable('device_shares', {
  id: serial('id').primaryKey(),
  deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  serial: text('serial').notNull(),
  family: text('family').notNull(),
  fromOrgId: integer('from_org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  toOrgId: integer('to_org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  state: text('state').notNull().default('active'),
  createdBy: integer('created_by'),
  createdAt: created(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('device_shares_from_idx').on(t.fromOrgId, t.state),
  index('device_shares_to_idx').on(t.toOrgId, t.state),
  index('device_shares_device_idx').on(t.deviceId, t.state),
  index('device_shares_state_idx').on(t.state),
  prefixIdx('device_shares_serial_prefix_idx', t.serial),
]);
