import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices, organizations } from '../../db/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An organisation's alarm rules (0018_alarms); new organisations get `DEFAULT_ALARM_RULES` from a trigger. */
export const alarmRules = pgTable('alarm_rules', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  family: text('family'),
  model: text('model'),
  metric: text('metric').notNull(),
  operator: text('operator').notNull().default('gt'),
  threshold: doublePrecision('threshold').notNull().default(0),
  thresholdHigh: doublePrecision('threshold_high'),
  durationS: integer('duration_s').notNull().default(60),
  severity: text('severity').notNull().default('major'),
  status: integer('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('alarm_rules_org_idx').on(t.orgId, t.id),
  index('alarm_rules_org_name_idx').on(t.orgId, t.name),
  index('alarm_rules_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  index('alarm_rules_org_severity_idx').on(t.orgId, t.severity),
  index('alarm_rules_org_status_idx').on(t.orgId, t.status),
  index('alarm_rules_metric_idx').on(t.metric, t.status),
]);

/** Alarms: one active (`active = 1`) per rule and device, kept as history once cleared. */
export const deviceAlarms = pgTable('device_alarms', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  ruleId: integer('rule_id').notNull().references(() => alarmRules.id, { onDelete: 'cascade' }),
  deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  severity: text('severity').notNull(),
  metric: text('metric').notNull(),
  state: text('state').notNull().default('raised'),
  active: integer('active').notNull().default(1),
  value: doublePrecision('value'),
  raisedAt: ts('raised_at').notNull(),
  acknowledgedAt: ts('acknowledged_at'),
  acknowledgedById: integer('acknowledged_by_id'),
  clearedAt: ts('cleared_at'),
  clearedById: integer('cleared_by_id'),
  clearReason: text('clear_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('device_alarms_active_uq').on(t.ruleId, t.deviceId).where(sql`${t.active} = 1`),
  index('device_alarms_rule_device_idx').on(t.ruleId, t.deviceId, t.raisedAt),
  index('device_alarms_device_active_idx').on(t.deviceId, t.active),
  index('device_alarms_org_raised_idx').on(t.orgId, t.raisedAt),
  index('device_alarms_org_active_idx').on(t.orgId, t.active, t.severity),
  index('device_alarms_org_severity_idx').on(t.orgId, t.severity),
  index('device_alarms_org_state_idx').on(t.orgId, t.state),
  index('device_alarms_org_device_idx').on(t.orgId, t.deviceId),
]);

/** A threshold rule's condition holding on a device since `since` (not yet long enough, or alarmed). */
export const alarmConditions = pgTable('alarm_conditions', {
  ruleId: integer('rule_id').notNull().references(() => alarmRules.id, { onDelete: 'cascade' }),
  deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  since: ts('since').notNull(),
  value: doublePrecision('value').notNull(),
}, (t) => [primaryKey({ columns: [t.ruleId, t.deviceId] }), index('alarm_conditions_since_idx').on(t.since)]);
