import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from '../../db/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Timed tasks; `next_run_at` is the claim token the runner advances (null: nothing more to run). */
export const timedTasks = pgTable('timed_tasks', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  status: integer('status').notNull().default(1),
  scheduleKind: text('schedule_kind').notNull().default('cron'),
  cron: text('cron'),
  runAt: ts('run_at'),
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  actionKind: text('action_kind').notNull().default('command'),
  commandName: text('command_name'),
  commandParams: text('command_params'),
  templateKind: text('template_kind'),
  templateId: integer('template_id'),
  deviceIds: integer('device_ids').array().notNull().default([]),
  filterFamily: text('filter_family'),
  filterModel: text('filter_model'),
  filterOnline: integer('filter_online'),
  missedPolicy: text('missed_policy').notNull().default('skip'),
  nextRunAt: ts('next_run_at'),
  lastRunAt: ts('last_run_at'),
  lastOutcome: text('last_outcome'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('timed_tasks_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  index('timed_tasks_org_name_idx').on(t.orgId, t.name),
  index('timed_tasks_org_status_idx').on(t.orgId, t.status),
  index('timed_tasks_org_action_idx').on(t.orgId, t.actionKind),
  index('timed_tasks_org_next_idx').on(t.orgId, t.nextRunAt),
  index('timed_tasks_org_last_idx').on(t.orgId, t.lastRunAt),
  // What the runner asks every tick: enabled tasks due by now.
  index('timed_tasks_due_idx').on(t.nextRunAt).where(sql`status = 1 and next_run_at is not null`),
]);

/** One row per claimed run: what it did (the commands share its batch) or why it did nothing. */
export const timedTaskRuns = pgTable('timed_task_runs', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  taskId: integer('task_id').notNull().references(() => timedTasks.id, { onDelete: 'cascade' }),
  dueAt: ts('due_at').notNull(),
  ranAt: ts('ran_at').notNull(),
  trigger: text('trigger').notNull().default('schedule'),
  outcome: text('outcome').notNull(),
  reason: text('reason'),
  batch: text('batch').notNull().default(''),
  devices: integer('devices').notNull().default(0),
}, (t) => [
  index('timed_task_runs_org_task_idx').on(t.orgId, t.taskId, t.id),
  index('timed_task_runs_org_outcome_idx').on(t.orgId, t.outcome),
  index('timed_task_runs_org_trigger_idx').on(t.orgId, t.trigger),
  index('timed_task_runs_org_due_idx').on(t.orgId, t.dueAt),
  index('timed_task_runs_org_ran_idx').on(t.orgId, t.ranAt),
  index('timed_task_runs_org_id_idx').on(t.orgId, t.id),
]);
