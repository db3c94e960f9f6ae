import { declareResource } from '../types';
import { idField } from '../common';
import { RUN_OUTCOMES, RUN_OUTCOME_LABELS, RUN_REASONS, RUN_REASON_LABELS, RUN_TRIGGERS, RUN_TRIGGER_LABELS } from '../../business/timedTask';

const count = (zh_CN: string, en: string) => ({ type: 'integer', label: { zh_CN, en }, editable: 'never' }) as const;

/**
 * `/admin/business/timed_task_run`: what each run of a timed task did. A run that issued commands names their
 * batch (the device command list filters by it) and counts them by state; a failed or skipped run says why.
 */
export const timedTaskRunResource = declareResource({
  key: 'business.timed_task_run',
  path: '/admin/business/timed_task_run',
  title: { zh_CN: '执行记录', en: 'Task runs' },
  scope: 'org',
  fields: {
    id: idField,
    task_id: { type: 'ref', label: { zh_CN: '定时任务', en: 'Timed task' }, ref: { resource: 'business.timed_task' }, editable: 'never' },
    due_at: { type: 'datetime', label: { zh_CN: '计划时间', en: 'Due' }, editable: 'never' },
    ran_at: { type: 'datetime', label: { zh_CN: '执行时间', en: 'Ran' }, editable: 'never' },
    trigger: {
      type: 'select', label: { zh_CN: '触发方式', en: 'Trigger' }, editable: 'never',
      options: RUN_TRIGGERS.map((r) => ({ value: r, label: RUN_TRIGGER_LABELS[r] })),
    },
    outcome: {
      type: 'select', label: { zh_CN: '结果', en: 'Outcome' }, editable: 'never',
      options: RUN_OUTCOMES.map((o) => ({ value: o, label: { zh_CN: RUN_OUTCOME_LABELS[o].zh_CN, en: RUN_OUTCOME_LABELS[o].en }, color: RUN_OUTCOME_LABELS[o].color })),
    },
    reason: {
      type: 'select', label: { zh_CN: '原因', en: 'Reason' }, editable: 'never',
      options: RUN_REASONS.map((r) => ({ value: r, label: RUN_REASON_LABELS[r] })),
    },
    batch: { type: 'text', label: { zh_CN: '命令批次', en: 'Command batch' }, editable: 'never', max: 64 },
    devices: count('设备数', 'Devices'),
    succeeded: count('成功', 'Succeeded'),
    failed: count('失败', 'Failed'),
    active: count('进行中', 'In progress'),
  },
  operations: ['list', 'detail'],
  list: {
    columns: [
      { field: 'task_id', width: 180, render: 'refLabel', priority: 1 },
      { field: 'due_at', width: 180, sortable: true, priority: 1 },
      { field: 'ran_at', width: 180, sortable: true },
      { field: 'outcome', width: 100, priority: 1 },
      { field: 'trigger', width: 110 },
      { field: 'devices', width: 90 },
      { field: 'succeeded', width: 90 },
      { field: 'failed', width: 90 },
      { field: 'active', width: 100 },
      { field: 'batch', width: 170 },
      { field: 'reason', width: 200, priority: 3 },
    ],
    filters: [{ field: 'task_id', kind: 'eq' }, { field: 'outcome', kind: 'eq' }, { field: 'trigger', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  detail: {
    sections: [{ fields: ['id', 'task_id', 'due_at', 'ran_at', 'trigger', 'outcome', 'reason', 'devices', 'succeeded', 'failed', 'active', 'batch'] }],
    tabs: [{ key: 'timedTaskRunCommands', title: { zh_CN: '设备命令', en: 'Device commands' } }],
  },
  page: { area: 'business', key: 'timedTaskRun', after: 'timedTask', icon: 'FileTextOutlined' },
});
