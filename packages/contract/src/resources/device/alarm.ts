import { declareResource, type ActionDecl } from '../types';
import { booleanOptions, createdAtField, enableDisableActions, idField, statusField } from '../common';
import {
  ALARM_METRICS, ALARM_OPERATORS, ALARM_OPERATOR_LABELS, ALARM_SEVERITIES, ALARM_SEVERITY_LABELS, ALARM_STATES,
  ALARM_STATE_LABELS, ALARM_TRANSITIONS,
} from '../../device/alarms';
import { FAMILY_OPTIONS } from './model';

const SEVERITY_OPTIONS = ALARM_SEVERITIES.map((s) => ({ value: s, label: { zh_CN: ALARM_SEVERITY_LABELS[s].zh_CN, en: ALARM_SEVERITY_LABELS[s].en }, color: ALARM_SEVERITY_LABELS[s].color }));
const METRIC_OPTIONS = ALARM_METRICS.map((m) => ({ value: m.value, label: m.label }));

/**
 * `/admin/device/alarm_rule`: the organisation's alarm rules. A rule watches one metric of the devices of a family
 * (or every family reporting it) and optionally one model: the condition (operator and threshold, or a range) must
 * hold for `duration_s` before an alarm is raised. `offline` watches presence: offline for `duration_s`.
 */
export const alarmRuleResource = declareResource({
  key: 'device.alarm_rule',
  path: '/admin/device/alarm_rule',
  title: { zh_CN: '告警规则', en: 'Alarm rules' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '规则名称', en: 'Rule name' }, required: true, max: 64 },
    family: {
      type: 'select', label: { zh_CN: '设备类型', en: 'Family' }, options: FAMILY_OPTIONS,
      help: { zh_CN: '留空：所有上报该指标的设备类型', en: 'Empty: every family reporting the metric' },
    },
    model: {
      type: 'text', label: { zh_CN: '型号', en: 'Model' }, max: 64,
      help: { zh_CN: '留空：所有型号', en: 'Empty: every model' },
    },
    metric: { type: 'select', label: { zh_CN: '指标', en: 'Metric' }, required: true, options: METRIC_OPTIONS },
    operator: {
      type: 'select', label: { zh_CN: '比较', en: 'Operator' }, required: true, default: 'gt',
      options: ALARM_OPERATORS.map((o) => ({ value: o, label: ALARM_OPERATOR_LABELS[o] })),
      help: { zh_CN: '“离线”指标不使用比较和阈值', en: 'Not used by the “Offline” metric' },
    },
    threshold: { type: 'number', label: { zh_CN: '阈值', en: 'Threshold' }, min: -1_000_000_000, max: 1_000_000_000, default: 0 },
    threshold_high: {
      type: 'number', label: { zh_CN: '范围上限', en: 'Range high end' }, min: -1_000_000_000, max: 1_000_000_000,
      help: { zh_CN: '“超出范围/在范围内”时必填，阈值为下限', en: 'Required for outside/inside the range; the threshold is the low end' },
    },
    duration_s: {
      type: 'integer', label: { zh_CN: '持续时间（秒）', en: 'Duration (seconds)' }, min: 0, max: 604_800, default: 60,
      help: { zh_CN: '条件持续满足该时间后才告警', en: 'The condition must hold this long before an alarm is raised' },
    },
    severity: { type: 'select', label: { zh_CN: '级别', en: 'Severity' }, required: true, default: 'major', options: SEVERITY_OPTIONS },
    status: statusField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove'],
  list: {
    columns: [
      { field: 'name', width: 220, sortable: true, priority: 1 },
      { field: 'family', width: 120 },
      { field: 'model', width: 120 },
      { field: 'metric', width: 200, priority: 1 },
      { field: 'operator', width: 120 },
      { field: 'threshold', width: 100 },
      { field: 'threshold_high', width: 110 },
      { field: 'duration_s', width: 130 },
      { field: 'severity', width: 100, priority: 1 },
      { field: 'status', width: 90 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'severity', kind: 'eq' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: {
    columns: 2,
    sections: [
      { fields: ['name', 'severity'] },
      { title: { zh_CN: '适用设备', en: 'Devices' }, fields: ['family', 'model'] },
      { title: { zh_CN: '条件', en: 'Condition' }, fields: ['metric', 'operator', 'threshold', 'threshold_high', 'duration_s'] },
    ],
  },
  actions: enableDisableActions('status', { zh_CN: '告警规则', en: 'alarm rules' }),
  picker: { label: ['name'], search: ['name'] },
  example: { name: 'CPU high', family: 'ig', metric: 'cpu', operator: 'gt', threshold: 90, duration_s: 120, severity: 'warning' },
  page: { area: 'equipment', key: 'alarmRule', path: 'alarm-rule', after: 'alarm', icon: 'SettingOutlined' },
});

const CONFIRMS = {
  acknowledge: { zh_CN: '确认所选告警吗？', en: 'Acknowledge the selected alarms?' },
  clear: { zh_CN: '确定清除所选告警吗？条件仍满足时将重新告警。', en: 'Clear the selected alarms? They are raised again if the condition still holds.' },
} as const;

/** The person-made moves of `ALARM_TRANSITIONS`, as state actions. */
const alarmActions: ActionDecl<'state'>[] = ALARM_TRANSITIONS.flatMap((t) => (t.action && t.label
  ? [{ name: t.action, label: t.label, placement: 'both' as const, transition: { field: 'state' as const, from: t.from, to: t.to }, confirm: CONFIRMS[t.action] }]
  : []));

const at = (zh_CN: string, en: string) => ({ type: 'datetime', label: { zh_CN, en }, editable: 'never' }) as const;

/**
 * `/admin/device/alarm`: alarms raised by the rules, active and history. One active alarm per rule and device; it
 * clears by itself when the condition recovers (the device reconnects, the metric returns), or by hand. `summary`
 * answers the active alarms by severity (`AlarmSummary`) for the dashboard.
 */
export const alarmResource = declareResource({
  key: 'device.alarm',
  path: '/admin/device/alarm',
  title: { zh_CN: '告警', en: 'Alarms' },
  scope: 'org',
  fields: {
    id: idField,
    severity: { type: 'select', label: { zh_CN: '级别', en: 'Severity' }, editable: 'never', options: SEVERITY_OPTIONS },
    state: {
      type: 'select', label: { zh_CN: '状态', en: 'State' }, editable: 'never',
      options: ALARM_STATES.map((s) => ({ value: s, label: { zh_CN: ALARM_STATE_LABELS[s].zh_CN, en: ALARM_STATE_LABELS[s].en }, color: ALARM_STATE_LABELS[s].color })),
    },
    active: { type: 'select', label: { zh_CN: '活动告警', en: 'Active' }, editable: 'never', options: booleanOptions },
    device_id: { type: 'ref', label: { zh_CN: '设备', en: 'Device' }, ref: { resource: 'device.binding' }, editable: 'never' },
    rule_id: { type: 'ref', label: { zh_CN: '规则', en: 'Rule' }, ref: { resource: 'device.alarm_rule' }, editable: 'never' },
    metric: { type: 'select', label: { zh_CN: '指标', en: 'Metric' }, editable: 'never', options: METRIC_OPTIONS },
    value: { type: 'number', label: { zh_CN: '触发值', en: 'Value' }, editable: 'never' },
    raised_at: at('告警时间', 'Raised'),
    acknowledged_at: at('确认时间', 'Acknowledged'),
    acknowledged_by: { type: 'text', label: { zh_CN: '确认人', en: 'Acknowledged by' }, editable: 'never', max: 64 },
    cleared_at: at('清除时间', 'Cleared'),
    cleared_by: { type: 'text', label: { zh_CN: '清除人', en: 'Cleared by' }, editable: 'never', max: 64 },
    clear_reason: {
      type: 'select', label: { zh_CN: '清除方式', en: 'Cleared how' }, editable: 'never',
      options: [
        { value: 'auto', label: { zh_CN: '自动恢复', en: 'Recovered' } },
        { value: 'manual', label: { zh_CN: '手动清除', en: 'By hand' } },
      ],
    },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'raised_at', width: 180, sortable: true, priority: 1 },
      { field: 'severity', width: 100, priority: 1 },
      { field: 'state', width: 110, priority: 1 },
      { field: 'device_id', width: 180, render: 'refLabel', priority: 1 },
      { field: 'rule_id', width: 200, render: 'refLabel' },
      { field: 'metric', width: 180 },
      { field: 'value', width: 100 },
      { field: 'acknowledged_by', width: 120 },
      { field: 'cleared_at', width: 180 },
    ],
    filters: [
      { field: 'active', kind: 'eq' },
      { field: 'severity', kind: 'eq' },
      { field: 'state', kind: 'eq' },
      { field: 'device_id', kind: 'eq' },
    ],
    defaultSort: { field: 'raised_at', order: 'desc' },
  },
  detail: {
    sections: [
      { fields: ['id', 'severity', 'state', 'device_id', 'rule_id', 'metric', 'value', 'raised_at'] },
      { title: { zh_CN: '处理', en: 'Handling' }, fields: ['acknowledged_at', 'acknowledged_by', 'cleared_at', 'cleared_by', 'clear_reason'] },
    ],
  },
  actions: alarmActions,
  page: { area: 'equipment', key: 'alarm', icon: 'DashboardOutlined' },
});
