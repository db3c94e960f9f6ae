import type { Label } from '../resources/types';
import { FAMILY_METRICS, OPTICAL_RX_RANGE_DBM, type MetricDecl } from './telemetry';

/**
 * Monitoring and alarms as data (STYLE: state machines are tables of transitions): the five severities, the states
 * of an alarm with every allowed move and who makes it, the operators a rule compares with, the metrics a rule can
 * watch (every typed telemetry metric, plus `offline`), and the two rules every organisation starts with.
 */
export const ALARM_SEVERITIES = ['critical', 'major', 'minor', 'warning', 'info'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

export const ALARM_SEVERITY_LABELS: Record<AlarmSeverity, Label & { color: string }> = {
  critical: { zh_CN: '紧急', en: 'Critical', color: 'red' },
  major: { zh_CN: '重要', en: 'Major', color: 'volcano' },
  minor: { zh_CN: '次要', en: 'Minor', color: 'orange' },
  warning: { zh_CN: '警告', en: 'Warning', color: 'gold' },
  info: { zh_CN: '提示', en: 'Info', color: 'blue' },
};

export const ALARM_STATES = ['raised', 'acknowledged', 'cleared'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

export const ALARM_STATE_LABELS: Record<AlarmState, Label & { color: string }> = {
  raised: { zh_CN: '未确认', en: 'Raised', color: 'red' },
  acknowledged: { zh_CN: '已确认', en: 'Acknowledged', color: 'orange' },
  cleared: { zh_CN: '已清除', en: 'Cleared', color: 'default' },
};

export interface AlarmTransition {
  from: readonly AlarmState[];
  to: AlarmState;
  /** The action a person takes (permission key `device.alarm.<action>`); absent: only the evaluation moves it. */
  action?: 'acknowledge' | 'clear';
  label?: Label;
}

/** raised → acknowledged → cleared, raised → cleared; a recovered condition clears by itself from either. */
export const ALARM_TRANSITIONS: readonly AlarmTransition[] = [
  { from: ['raised'], to: 'acknowledged', action: 'acknowledge', label: { zh_CN: '确认', en: 'Acknowledge' } },
  { from: ['raised', 'acknowledged'], to: 'cleared', action: 'clear', label: { zh_CN: '清除', en: 'Clear' } },
  { from: ['raised', 'acknowledged'], to: 'cleared' },
];

export function canMoveAlarm(from: AlarmState, to: AlarmState): boolean {
  return ALARM_TRANSITIONS.some((t) => t.to === to && t.from.includes(from));
}

/** How a rule compares a metric with its threshold; `outside`/`inside` use the threshold as low end and `threshold_high` as high end. */
export const ALARM_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne', 'outside', 'inside'] as const;
export type AlarmOperator = (typeof ALARM_OPERATORS)[number];

export const ALARM_OPERATOR_LABELS: Record<AlarmOperator, Label> = {
  gt: { zh_CN: '大于', en: 'greater than' },
  gte: { zh_CN: '大于等于', en: 'at least' },
  lt: { zh_CN: '小于', en: 'less than' },
  lte: { zh_CN: '小于等于', en: 'at most' },
  eq: { zh_CN: '等于', en: 'equal to' },
  ne: { zh_CN: '不等于', en: 'not equal to' },
  outside: { zh_CN: '超出范围', en: 'outside the range' },
  inside: { zh_CN: '在范围内', en: 'inside the range' },
};

/** Operators that need `threshold_high` (the range's high end). */
export const RANGE_OPERATORS: readonly AlarmOperator[] = ['outside', 'inside'];

/** Whether a value breaches a rule. */
export function breaches(op: AlarmOperator, value: number, threshold: number, high: number | null): boolean {
  switch (op) {
    case 'gt': return value > threshold;
    case 'gte': return value >= threshold;
    case 'lt': return value < threshold;
    case 'lte': return value <= threshold;
    case 'eq': return value === threshold;
    case 'ne': return value !== threshold;
    case 'outside': return value < threshold || value > (high ?? threshold);
    case 'inside': return value >= threshold && value <= (high ?? threshold);
  }
}

/** The metric a rule on presence watches: the device has been offline for the rule's duration. */
export const OFFLINE_METRIC = 'offline';

/** Every metric a rule can watch: `offline` and each typed telemetry metric name (of any family), with its label. */
export const ALARM_METRICS: readonly { value: string; label: Label }[] = (() => {
  const seen = new Map<string, MetricDecl>();
  for (const metrics of Object.values(FAMILY_METRICS)) {
    for (const [name, decl] of Object.entries(metrics as Record<string, MetricDecl>)) if (!seen.has(name)) seen.set(name, decl);
  }
  return [
    { value: OFFLINE_METRIC, label: { zh_CN: '离线', en: 'Offline' } },
    ...[...seen].map(([value, d]) => ({ value, label: { zh_CN: `${d.label.zh_CN} (${value})`, en: `${d.label.en} (${value})` } })),
  ];
})();

/** A rule as the evaluation and the defaults describe it. */
export interface AlarmRuleSpec {
  name: string;
  family: string | null;
  model: string | null;
  metric: string;
  operator: AlarmOperator;
  threshold: number;
  threshold_high: number | null;
  duration_s: number;
  severity: AlarmSeverity;
}

/**
 * The rules every organisation starts with (made for new organisations, and by migration 0018 for existing ones;
 * both editable): a device offline for 5 minutes, and optical receive power out of its GPON class B+ range for a
 * minute (OLT, ONU and every other family reporting `rx_power_dbm`).
 */
export const DEFAULT_ALARM_RULES: readonly AlarmRuleSpec[] = [
  {
    name: '设备离线 / Device offline', family: null, model: null, metric: OFFLINE_METRIC, operator: 'gte', threshold: 1,
    threshold_high: null, duration_s: 300, severity: 'major',
  },
  {
    name: '光功率越限 / Optical power out of range', family: null, model: null, metric: 'rx_power_dbm', operator: 'outside',
    threshold: OPTICAL_RX_RANGE_DBM.min, threshold_high: OPTICAL_RX_RANGE_DBM.max, duration_s: 60, severity: 'minor',
  },
];

/** Active alarms (raised or acknowledged) of the organisation by severity: `summary` on `/admin/device/alarm`. */
export type AlarmSummary = Record<AlarmSeverity, number> & { total: number };
