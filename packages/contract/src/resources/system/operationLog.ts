import { declareResource } from '../types';
import { idField, orgField } from '../common';

/**
 * Every change anywhere in the product, and every sign-in and sign-out (DESIGN §4). Read-only. Each organisation
 * sees its own entries; platform operators see every organisation's (filter by org_id).
 */
export const operationLogResource = declareResource({
  key: 'system.operation_log',
  path: '/admin/system/operation_log',
  title: { zh_CN: '操作日志', en: 'Operation log' },
  scope: 'org',
  platformSeesAll: true,
  fields: {
    id: idField,
    at: { type: 'datetime', label: { zh_CN: '时间', en: 'Time' }, editable: 'never' },
    user_id: { type: 'integer', label: { zh_CN: '用户 ID', en: 'User ID' }, editable: 'never' },
    username: { type: 'text', label: { zh_CN: '用户名', en: 'Username' }, editable: 'never' },
    org_id: orgField,
    ip: { type: 'text', label: { zh_CN: 'IP 地址', en: 'IP address' }, editable: 'never' },
    action: {
      type: 'text', label: { zh_CN: '操作', en: 'Action' }, editable: 'never',
      help: { zh_CN: '接口路径#方法，或 login / logout', en: 'Endpoint path#method, or login / logout' },
    },
    target: { type: 'text', label: { zh_CN: '对象 ID', en: 'Target ID' }, editable: 'never' },
    /** The object as its picker names it ("Ann (ann01)"), so a reader need not look the id up. */
    target_label: { type: 'text', label: { zh_CN: '对象', en: 'Target' }, editable: 'never' },
    before: { type: 'json', label: { zh_CN: '修改前', en: 'Before' }, editable: 'never' },
    after: { type: 'json', label: { zh_CN: '修改后', en: 'After' }, editable: 'never' },
    request_id: { type: 'text', label: { zh_CN: '请求 ID', en: 'Request ID' }, editable: 'never' },
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'id', width: 90, priority: 3 },
      { field: 'at', width: 180, sortable: true, priority: 1 },
      { field: 'username', width: 140, priority: 2 },
      { field: 'org_id', width: 180, render: 'refLabel', priority: 3 },
      { field: 'ip', width: 140, priority: 3 },
      { field: 'action', width: 280, render: 'operationAction', priority: 1 },
      { field: 'target_label', width: 180, ellipsis: true, priority: 1 },
    ],
    filters: [
      { field: 'at', kind: 'range' },
      { field: 'username', kind: 'prefix' },
      { field: 'user_id', kind: 'eq' },
      { field: 'action', kind: 'prefix' },
      { field: 'ip', kind: 'prefix' },
      { field: 'target', kind: 'eq' },
      { field: 'org_id', kind: 'eq' },
    ],
    defaultSort: { field: 'at', order: 'desc' },
  },
  detail: {
    sections: [
      { fields: ['id', 'at', 'username', 'user_id', 'org_id', 'ip', 'action', 'target_label', 'target', 'request_id'] },
      { title: { zh_CN: '变更', en: 'Change' }, fields: ['before', 'after'] },
    ],
  },
  io: { export: ['id', 'at', 'username', 'user_id', 'org_id', 'ip', 'action', 'target', 'target_label', 'before', 'after'] },
});
