import { declareResource } from '../types';
import { createdAtField, idField } from '../common';
import { COMMAND_NAMES, COMMAND_NAME_LABELS } from '../../device/commands';
import { COMMAND_STATES, COMMAND_STATE_LABELS } from '../../device/commandStates';

const at = (zh_CN: string, en: string) => ({ type: 'datetime', label: { zh_CN, en }, editable: 'never' }) as const;

/**
 * `/admin/device/command`: persisted commands of the organisation's devices with their states (DESIGN §6). `send`
 * creates one command per device (ids or a filter); the states move only along `COMMAND_TRANSITIONS`.
 */
export const deviceCommandResource = declareResource({
  key: 'device.command',
  path: '/admin/device/command',
  title: { zh_CN: '设备命令', en: 'Device commands' },
  scope: 'org',
  fields: {
    id: idField,
    device_id: { type: 'ref', label: { zh_CN: '设备', en: 'Device' }, ref: { resource: 'device.binding' }, editable: 'never' },
    name: {
      type: 'select', label: { zh_CN: '命令', en: 'Command' }, editable: 'never',
      options: COMMAND_NAMES.map((n) => ({ value: n, label: COMMAND_NAME_LABELS[n] })),
    },
    params: { type: 'json', label: { zh_CN: '参数', en: 'Parameters' }, editable: 'never' },
    state: {
      type: 'select', label: { zh_CN: '状态', en: 'State' }, editable: 'never',
      options: COMMAND_STATES.map((s) => ({ value: s, label: { zh_CN: COMMAND_STATE_LABELS[s].zh_CN, en: COMMAND_STATE_LABELS[s].en }, color: COMMAND_STATE_LABELS[s].color })),
    },
    progress: { type: 'integer', label: { zh_CN: '进度', en: 'Progress' }, editable: 'never' },
    result: { type: 'json', label: { zh_CN: '结果', en: 'Result' }, editable: 'never' },
    batch: { type: 'text', label: { zh_CN: '批次', en: 'Batch' }, editable: 'never', max: 64 },
    expires_at: at('过期时间', 'Expires'),
    deadline_at: at('结果期限', 'Result due'),
    sent_at: at('下发时间', 'Sent'),
    delivered_at: at('送达时间', 'Delivered'),
    finished_at: at('完成时间', 'Finished'),
    created_at: createdAtField,
  },
  operations: ['list', 'detail'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'device_id', width: 180, render: 'refLabel' },
      { field: 'name', width: 120 },
      { field: 'state', width: 110 },
      { field: 'progress', width: 90 },
      { field: 'result', ellipsis: true, render: 'commandResult' },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [
      { field: 'device_id', kind: 'eq' },
      { field: 'state', kind: 'eq' },
      { field: 'batch', kind: 'eq' },
    ],
    defaultSort: { field: 'id', order: 'desc' },
  },
  actions: [
    {
      name: 'cancel', label: { zh_CN: '取消', en: 'Cancel' }, placement: 'both', danger: true,
      transition: { field: 'state', from: ['queued'], to: 'canceled' },
      confirm: { zh_CN: '确定取消所选命令吗？', en: 'Cancel the selected commands?' },
    },
  ],
});

/** `/admin/device/event`: the device event log, written by devices (`up/event`) and by the server (online, offline, refusals). */
export const deviceEventResource = declareResource({
  key: 'device.event',
  path: '/admin/device/event',
  title: { zh_CN: '设备事件', en: 'Device events' },
  scope: 'org',
  fields: {
    id: idField,
    device_id: { type: 'ref', label: { zh_CN: '设备', en: 'Device' }, ref: { resource: 'device.binding' }, editable: 'never' },
    level: {
      type: 'select', label: { zh_CN: '级别', en: 'Level' }, editable: 'never',
      options: [
        { value: 'info', label: { zh_CN: '信息', en: 'Info' }, color: 'blue' },
        { value: 'warn', label: { zh_CN: '警告', en: 'Warning' }, color: 'orange' },
        { value: 'error', label: { zh_CN: '错误', en: 'Error' }, color: 'red' },
      ],
    },
    code: { type: 'text', label: { zh_CN: '代码', en: 'Code' }, editable: 'never', max: 64 },
    msg: { type: 'text', label: { zh_CN: '内容', en: 'Message' }, editable: 'never', max: 1024 },
    created_at: createdAtField,
  },
  operations: ['list', 'detail'],
  list: {
    columns: [
      { field: 'created_at', width: 180, sortable: true },
      { field: 'device_id', width: 180, render: 'refLabel' },
      { field: 'level', width: 90 },
      { field: 'code', width: 140 },
      { field: 'msg', ellipsis: true },
    ],
    filters: [{ field: 'device_id', kind: 'eq' }, { field: 'level', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
});
