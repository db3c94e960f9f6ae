import { z } from 'zod';
import type { Label } from '../resources/types';
import { COMMAND_NAMES, commandParams, type CommandName } from '../device/commands';
import { DEVICE_FAMILIES } from '../device/families';
import { TEMPLATE_KINDS } from '../device/templates';
import { isTimeZone } from '../validators';
import { parseCron } from './cron';

/**
 * Timed tasks (SPEC §2 business): a device command or a template push, on a cron schedule in a time zone or once
 * at a date-time, for devices by id or a filter. The schema checks a task as a whole (an update merged onto its
 * row), naming the field at fault with a `validation.*` key both apps translate.
 */

export const SCHEDULE_KINDS = ['cron', 'once'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
export const TASK_ACTION_KINDS = ['command', 'template'] as const;
export type TaskActionKind = (typeof TASK_ACTION_KINDS)[number];
/** After downtime: `skip` to the next future run, or `run_once` for all the missed ones, then on as scheduled. */
export const MISSED_POLICIES = ['skip', 'run_once'] as const;
export type MissedPolicy = (typeof MISSED_POLICIES)[number];
export const RUN_OUTCOMES = ['done', 'failed', 'skipped'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

export const SCHEDULE_KIND_LABELS: Record<ScheduleKind, Label> = {
  cron: { zh_CN: '周期（Cron）', en: 'Repeating (cron)' },
  once: { zh_CN: '单次', en: 'Once' },
};
export const TASK_ACTION_KIND_LABELS: Record<TaskActionKind, Label> = {
  command: { zh_CN: '设备命令', en: 'Device command' },
  template: { zh_CN: '配置模板下发', en: 'Template push' },
};
export const MISSED_POLICY_LABELS: Record<MissedPolicy, Label> = {
  skip: { zh_CN: '跳过，等待下次', en: 'Skip to the next run' },
  run_once: { zh_CN: '补执行一次', en: 'Run once, then go on' },
};
export const RUN_OUTCOME_LABELS: Record<RunOutcome, Label & { color: string }> = {
  done: { zh_CN: '已下发', en: 'Issued', color: 'green' },
  failed: { zh_CN: '失败', en: 'Failed', color: 'red' },
  skipped: { zh_CN: '已跳过', en: 'Skipped', color: 'default' },
};

/** Why a run issued nothing. */
/** What started a run: its schedule, or a person's *Run now*. */
export const RUN_TRIGGERS = ['schedule', 'manual'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];
export const RUN_TRIGGER_LABELS: Record<RunTrigger, Label> = {
  schedule: { zh_CN: '按计划', en: 'Scheduled' },
  manual: { zh_CN: '手动执行', en: 'Run by hand' },
};

export const RUN_REASONS = ['missed', 'no_targets', 'too_many', 'template_missing', 'template_unfit', 'invalid', 'error'] as const;
export type RunReason = (typeof RUN_REASONS)[number];
export const RUN_REASON_LABELS: Record<RunReason, Label> = {
  missed: { zh_CN: '服务停机期间错过，已跳过', en: 'Missed while the service was down; skipped' },
  no_targets: { zh_CN: '没有符合条件的设备', en: 'No device matched' },
  too_many: { zh_CN: '目标设备超过上限', en: 'Too many target devices' },
  template_missing: { zh_CN: '模板已删除', en: 'The template was deleted' },
  template_unfit: { zh_CN: '模板不适用于所选设备', en: 'The template does not fit the devices' },
  invalid: { zh_CN: '任务设置无效', en: 'The task settings are not valid' },
  error: { zh_CN: '执行出错', en: 'The run failed' },
};

/** Longest cron expression and command parameter text accepted. */
export const CRON_MAX = 100;
export const TASK_PARAMS_MAX = 20_000;
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const nullable = <T extends z.ZodType>(t: T) => t.nullable().optional();

/** The fields that make a task runnable, in their wire names. */
export const timedTaskDefinitionSchema = z.object({
  schedule_kind: z.enum(SCHEDULE_KINDS, { error: 'validation.required' }),
  cron: nullable(z.string()),
  run_at: nullable(z.string()),
  time_zone: z.string({ error: 'validation.timeZone' }),
  action_kind: z.enum(TASK_ACTION_KINDS, { error: 'validation.required' }),
  command_name: nullable(z.enum(COMMAND_NAMES as [CommandName, ...CommandName[]])),
  command_params: nullable(z.string().max(TASK_PARAMS_MAX)),
  template_kind: nullable(z.enum(TEMPLATE_KINDS)),
  template_id: nullable(z.number().int().min(1)),
  device_ids: nullable(z.array(z.number().int().min(1))),
  filter_family: nullable(z.enum(DEVICE_FAMILIES)),
  filter_model: nullable(z.string().max(64)),
  filter_online: nullable(z.union([z.literal(0), z.literal(1)])),
}).superRefine((t, ctx) => {
  const fail = (path: string, message: string, ...rest: string[]) => ctx.addIssue({ code: 'custom', path: [path, ...rest], message });
  if (!isTimeZone(t.time_zone)) fail('time_zone', 'validation.timeZone');
  if (t.schedule_kind === 'cron') {
    if (!t.cron || !parseCron(t.cron)) fail('cron', 'validation.cron');
  } else if (!t.run_at || Number.isNaN(Date.parse(t.run_at))) {
    fail('run_at', 'validation.runAt');
  }
  const ids = t.device_ids ?? [];
  const filtered = !!t.filter_family || !!t.filter_model?.trim() || t.filter_online === 1;
  if (ids.length && filtered) fail('device_ids', 'validation.taskTarget');
  if (t.action_kind === 'command') {
    if (!t.command_name) {
      fail('command_name', 'validation.required');
      return;
    }
    // Commands reach every device of a filter: one of ids or a filter, never "everything" by omission.
    if (!ids.length && !filtered) fail('device_ids', 'validation.taskTarget');
    let params: unknown = {};
    try {
      params = t.command_params?.trim() ? JSON.parse(t.command_params) : {};
    } catch {
      fail('command_params', 'validation.json');
      return;
    }
    // The same check as the command `send`.
    const p = commandParams[t.command_name].safeParse(params);
    if (!p.success) {
      for (const i of p.error.issues) fail('command_params', i.message.startsWith('validation.') ? i.message : 'validation.commandParams', ...i.path.map(String));
    }
  } else {
    if (!t.template_kind) fail('template_kind', 'validation.required');
    if (!t.template_id) fail('template_id', 'validation.required');
    // A template's kind names its families already.
    if (t.filter_family) fail('filter_family', 'validation.taskTemplateFamily');
  }
});

export type TimedTaskDefinition = z.infer<typeof timedTaskDefinitionSchema>;
