import { declareResource } from '../types';
import { booleanOptions, createdAtField, enableDisableActions, idField, statusField } from '../common';
import { COMMAND_NAMES, COMMAND_NAME_LABELS } from '../../device/commands';
import { DEVICE_FAMILIES, DEVICE_FAMILY_LABELS } from '../../device/families';
import { TEMPLATE_KINDS } from '../../device/templates';
import {
  CRON_MAX, DEFAULT_TIME_ZONE, MISSED_POLICIES, MISSED_POLICY_LABELS, RUN_OUTCOMES, RUN_OUTCOME_LABELS, SCHEDULE_KINDS,
  SCHEDULE_KIND_LABELS, TASK_ACTION_KINDS, TASK_ACTION_KIND_LABELS, TASK_PARAMS_MAX,
} from '../../business/timedTask';

const TEMPLATE_KIND_LABELS = {
  ap: { zh_CN: 'AP 模板', en: 'AP template' },
  lan: { zh_CN: 'LAN 模板', en: 'LAN template' },
  phone: { zh_CN: '话机模板', en: 'Phone template' },
} as const;

const at = (zh_CN: string, en: string) => ({ type: 'datetime', label: { zh_CN, en }, editable: 'never' }) as const;

/**
 * `/admin/business/timed_task`: timed tasks. Each sends a device command (checked as `send` checks it) or pushes a
 * configuration template, on a cron schedule in its time zone or once, to devices by id or a filter. The server's
 * runner claims each due run once across instances; runs are listed with their commands (`business.timed_task_run`).
 */
export const timedTaskResource = declareResource({
  key: 'business.timed_task',
  path: '/admin/business/timed_task',
  title: { zh_CN: '定时任务', en: 'Timed tasks' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '任务名称', en: 'Task name' }, required: true, max: 64 },
    status: statusField,
    schedule_kind: {
      type: 'select', label: { zh_CN: '执行方式', en: 'Schedule' }, default: 'cron',
      options: SCHEDULE_KINDS.map((k) => ({ value: k, label: SCHEDULE_KIND_LABELS[k] })),
    },
    cron: {
      type: 'text', label: { zh_CN: 'Cron 表达式', en: 'Cron expression' }, max: CRON_MAX,
      placeholder: { zh_CN: '0 3 * * *', en: '0 3 * * *' },
      help: { zh_CN: '分 时 日 月 周，支持 * , - /；周期执行时必填', en: 'minute hour day month weekday, with * , - /; required when repeating' },
    },
    run_at: {
      type: 'datetime', label: { zh_CN: '执行时间', en: 'Run at' },
      help: { zh_CN: '单次执行时必填', en: 'Required when it runs once' },
    },
    time_zone: {
      type: 'text', label: { zh_CN: '时区', en: 'Time zone' }, required: true, max: 64, default: DEFAULT_TIME_ZONE,
      help: { zh_CN: 'IANA 时区，如 Asia/Shanghai、America/New_York', en: 'An IANA zone, e.g. Asia/Shanghai, America/New_York' },
    },
    action_kind: {
      type: 'select', label: { zh_CN: '任务内容', en: 'Action' }, default: 'command',
      options: TASK_ACTION_KINDS.map((k) => ({ value: k, label: TASK_ACTION_KIND_LABELS[k] })),
    },
    command_name: {
      type: 'select', label: { zh_CN: '命令', en: 'Command' },
      options: COMMAND_NAMES.map((n) => ({ value: n, label: COMMAND_NAME_LABELS[n] })),
    },
    command_params: {
      type: 'textarea', label: { zh_CN: '命令参数（JSON）', en: 'Command parameters (JSON)' }, max: TASK_PARAMS_MAX,
      help: { zh_CN: '与下发命令相同的参数，如 {"kind":"ping","host":"8.8.8.8"}', en: 'The same parameters as sending the command, e.g. {"kind":"ping","host":"8.8.8.8"}' },
    },
    template_kind: {
      type: 'select', label: { zh_CN: '模板类型', en: 'Template kind' },
      options: TEMPLATE_KINDS.map((k) => ({ value: k, label: TEMPLATE_KIND_LABELS[k] })),
    },
    template_id: { type: 'integer', label: { zh_CN: '模板 ID', en: 'Template ID' }, min: 1 },
    device_ids: {
      type: 'refMany', label: { zh_CN: '指定设备', en: 'Devices' }, ref: { resource: 'device.binding' }, max: 10_000,
      help: { zh_CN: '指定设备，或留空并使用下面的筛选条件', en: 'Pick devices, or leave empty and use the filter below' },
    },
    filter_family: {
      type: 'select', label: { zh_CN: '按设备类型', en: 'Filter: family' },
      options: DEVICE_FAMILIES.map((f) => ({ value: f, label: DEVICE_FAMILY_LABELS[f] })),
    },
    filter_model: { type: 'text', label: { zh_CN: '按型号', en: 'Filter: model' }, max: 64 },
    filter_online: { type: 'select', label: { zh_CN: '仅在线设备', en: 'Filter: online only' }, options: booleanOptions },
    missed_policy: {
      type: 'select', label: { zh_CN: '错过执行时', en: 'When runs were missed' }, default: 'skip',
      options: MISSED_POLICIES.map((p) => ({ value: p, label: MISSED_POLICY_LABELS[p] })),
      help: { zh_CN: '服务停机期间错过的执行：跳过，或恢复后补执行一次', en: 'Runs missed while the service was down: skip them, or run once when it is back' },
    },
    next_run_at: at('下次执行', 'Next run'),
    last_run_at: at('上次执行', 'Last run'),
    last_outcome: {
      type: 'select', label: { zh_CN: '上次结果', en: 'Last outcome' }, editable: 'never',
      options: RUN_OUTCOMES.map((o) => ({ value: o, label: { zh_CN: RUN_OUTCOME_LABELS[o].zh_CN, en: RUN_OUTCOME_LABELS[o].en }, color: RUN_OUTCOME_LABELS[o].color })),
    },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove'],
  list: {
    columns: [
      { field: 'name', width: 180, sortable: true, priority: 1 },
      { field: 'status', width: 90, priority: 1 },
      { field: 'schedule_kind', width: 120 },
      { field: 'cron', width: 140 },
      { field: 'time_zone', width: 150, priority: 3 },
      { field: 'action_kind', width: 130 },
      { field: 'command_name', width: 120 },
      { field: 'next_run_at', width: 180, sortable: true, priority: 1 },
      { field: 'last_run_at', width: 180, sortable: true },
      { field: 'last_outcome', width: 100 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'status', kind: 'eq' }, { field: 'action_kind', kind: 'eq' }],
    defaultSort: { field: 'next_run_at', order: 'asc' },
  },
  form: {
    columns: 2,
    sections: [
      { fields: ['name', 'missed_policy'] },
      { title: { zh_CN: '执行计划', en: 'Schedule' }, fields: ['schedule_kind', 'time_zone', 'cron', 'run_at'] },
      { title: { zh_CN: '任务内容', en: 'Action' }, fields: ['action_kind', 'command_name', 'command_params', 'template_kind', 'template_id'] },
      { title: { zh_CN: '目标设备', en: 'Targets' }, fields: ['device_ids', 'filter_family', 'filter_model', 'filter_online'] },
    ],
  },
  detail: {
    sections: [
      { fields: ['id', 'name', 'status', 'missed_policy', 'next_run_at', 'last_run_at', 'last_outcome', 'created_at'] },
      { title: { zh_CN: '执行计划', en: 'Schedule' }, fields: ['schedule_kind', 'cron', 'run_at', 'time_zone'] },
      { title: { zh_CN: '任务内容', en: 'Action' }, fields: ['action_kind', 'command_name', 'command_params', 'template_kind', 'template_id'] },
      { title: { zh_CN: '目标设备', en: 'Targets' }, fields: ['device_ids', 'filter_family', 'filter_model', 'filter_online'] },
    ],
    tabs: [{ key: 'timedTaskRuns', title: { zh_CN: '执行记录', en: 'Runs' } }],
  },
  actions: [
    ...enableDisableActions('status', { zh_CN: '定时任务', en: 'timed tasks' }),
    {
      name: 'run_now', label: { zh_CN: '立即执行', en: 'Run now' }, placement: 'row',
      confirm: {
        zh_CN: '立即对任务的目标设备执行一次（不影响下次计划执行时间）。确定执行吗？',
        en: 'Run the task once now on its devices (its next scheduled run stays as it is)?',
      },
    },
  ],
  picker: { label: ['name'], search: ['name'] },
  example: { name: 'Nightly restart', schedule_kind: 'cron', cron: '0 3 * * *', time_zone: 'Asia/Shanghai', action_kind: 'command', command_name: 'restart', filter_family: 'ap' },
  page: { area: 'business', key: 'timedTask', after: 'phoneBook', icon: 'DashboardOutlined' },
});
