import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { deviceCommands, deviceGroups, devices, organizations } from '../../db/schema';
import { firmwarePackages } from './firmware';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Upgrade campaigns: a package, its targets (fixed when made) and the rollout's settings and progress. */
export const upgradeCampaigns = pgTable('upgrade_campaigns', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  firmwareId: integer('firmware_id').notNull().references(() => firmwarePackages.id, { onDelete: 'restrict' }),
  state: text('state').notNull().default('draft'),
  /** How the targets were chosen (kept for the record; the targets themselves are rows of upgrade_targets). */
  deviceIds: integer('device_ids').array().notNull().default([]),
  filterFamily: text('filter_family'),
  /** A device group (set null when the group is removed; its targets stay as they were resolved). */
  filterGroup: integer('filter_group').references(() => deviceGroups.id, { onDelete: 'set null' }),
  filterModel: text('filter_model'),
  filterFw: text('filter_fw'),
  /** One device tag (matched ignoring case). */
  filterTag: text('filter_tag'),
  filterOnline: integer('filter_online'),
  /** 1: devices that later match the filter join while it runs (hawkBit's dynamic rollout); it never completes itself. */
  dynamic: integer('dynamic').notNull().default(0),
  /** `UPGRADE_MODES`: sent to each device as the upgrade command's `mode`. */
  actionType: text('action_type').notNull().default('forced'),
  /** A scheduled start: once started, the first batch is released only from this time (null: at once). */
  startAt: ts('start_at'),
  batchSize: integer('batch_size').notNull().default(10),
  batchPercent: integer('batch_percent').notNull().default(0),
  failureThreshold: integer('failure_threshold').notNull().default(20),
  /** % of the current batch succeeded that releases the next one while the rest go on (100: the batch finished). */
  successThreshold: integer('success_threshold').notNull().default(100),
  total: integer('total').notNull().default(0),
  /** The last batch released (0: none yet). */
  currentBatch: integer('current_batch').notNull().default(0),
  pausedReason: text('paused_reason'),
  /**
   * The failure rate counts batches from this one on: a resume starts a fresh count, so a person who looked at the
   * failures and resumed is not paused again by the same ones.
   */
  thresholdFrom: integer('threshold_from').notNull().default(1),
  /** Where devices download from (PUBLIC_URL, or the address the campaign was started or resumed through). */
  downloadBase: text('download_base').notNull().default(''),
  /** Daily maintenance window (`HH:mm`, '' = any time) in `window_tz`: batches are released only inside it. */
  windowStart: text('window_start').notNull().default(''),
  windowEnd: text('window_end').notNull().default(''),
  windowTz: text('window_tz').notNull().default('Asia/Shanghai'),
  /** Who approved it (organisation's `campaign_approval` on), never its creator. */
  approvedBy: integer('approved_by'),
  approvedAt: ts('approved_at'),
  createdBy: integer('created_by'),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('upgrade_campaigns_org_created_idx').on(t.orgId, t.createdAt),
  index('upgrade_campaigns_org_state_idx').on(t.orgId, t.state),
  index('upgrade_campaigns_state_idx').on(t.state),
  index('upgrade_campaigns_org_name_idx').on(t.orgId, t.name),
  index('upgrade_campaigns_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  index('upgrade_campaigns_firmware_idx').on(t.firmwareId),
]);

/**
 * One device of a campaign: its batch, and once released its `upgrade` command and download token (the token is
 * the signed part of the link: 256 random bits, valid until `link_expires_at`).
 */
export const upgradeTargets = pgTable('upgrade_targets', {
  id: serial('id').primaryKey(),
  campaignId: integer('campaign_id').notNull().references(() => upgradeCampaigns.id, { onDelete: 'cascade' }),
  deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  batch: integer('batch').notNull(),
  commandId: integer('command_id').references(() => deviceCommands.id, { onDelete: 'set null' }),
  token: text('token'),
  linkExpiresAt: ts('link_expires_at'),
  /** 1: the campaign was canceled before this target's batch was released. */
  skipped: integer('skipped').notNull().default(0),
  /** Set while its device is offline (no command): when it is looked at again (`offlineRetryDelayMs`). */
  retryAt: ts('retry_at'),
  /** Looks that found its device offline (the back-off doubles with each). */
  attempts: integer('attempts').notNull().default(0),
}, (t) => [
  uniqueIndex('upgrade_targets_campaign_device_uq').on(t.campaignId, t.deviceId),
  index('upgrade_targets_campaign_batch_idx').on(t.campaignId, t.batch),
  index('upgrade_targets_command_idx').on(t.commandId),
  uniqueIndex('upgrade_targets_token_uq').on(t.token),
  index('upgrade_targets_device_idx').on(t.deviceId),
  index('upgrade_targets_retry_idx').on(t.campaignId, t.retryAt).where(sql`${t.retryAt} is not null`),
]);
