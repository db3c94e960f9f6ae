import { declareResource } from '../types';
import { idField, orgField } from '../common';

/**
 * `/admin/boos/warden_proposal`: complaints and suggestions users send from the navbar (SPEC §2), read by whoever
 * runs the platform; holders of the list key in an organisation read those sent from it. Sending is the binding's
 * `form` method, open to every signed-in user.
 */
export const suggestionResource = declareResource({
  key: 'oa.suggestion',
  path: '/admin/boos/warden_proposal',
  title: { zh_CN: '投诉建议', en: 'Suggestions' },
  scope: 'org',
  platformSeesAll: true,
  fields: {
    id: idField,
    content: { type: 'textarea', label: { zh_CN: '内容', en: 'Content' }, editable: 'never' },
    status: {
      type: 'select', label: { zh_CN: '状态', en: 'Status' }, editable: 'never',
      options: [
        { value: 0, label: { zh_CN: '待处理', en: 'New' }, color: 'orange' },
        { value: 1, label: { zh_CN: '已处理', en: 'Handled' }, color: 'green' },
      ],
    },
    reply: { type: 'textarea', label: { zh_CN: '处理说明', en: 'Note' }, max: 2000 },
    user_id: { type: 'integer', label: { zh_CN: '用户 ID', en: 'User ID' }, editable: 'never' },
    username: { type: 'text', label: { zh_CN: '提交人', en: 'Sent by' }, editable: 'never' },
    org_id: orgField,
    created_at: { type: 'datetime', label: { zh_CN: '提交时间', en: 'Sent' }, editable: 'never' },
    handled_by: { type: 'ref', label: { zh_CN: '处理人', en: 'Handled by' }, ref: { resource: 'system.user' }, editable: 'never' },
    handled_at: { type: 'datetime', label: { zh_CN: '处理时间', en: 'Handled' }, editable: 'never' },
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80 },
      { field: 'content', ellipsis: true },
      { field: 'username', width: 140 },
      { field: 'org_id', width: 180, render: 'refLabel' },
      { field: 'status', width: 100 },
      { field: 'created_at', width: 180, sortable: true },
      { field: 'handled_at', width: 180 },
    ],
    filters: [{ field: 'status', kind: 'eq' }, { field: 'created_at', kind: 'range' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  detail: {
    sections: [
      { fields: ['id', 'content', 'username', 'user_id', 'org_id', 'created_at'] },
      { title: { zh_CN: '处理', en: 'Handling' }, fields: ['status', 'reply', 'handled_by', 'handled_at'] },
    ],
  },
  actions: [
    {
      name: 'handle', label: { zh_CN: '处理', en: 'Handle' }, placement: 'row', fields: ['reply'],
      confirm: { zh_CN: '标记为已处理后不能再次处理，确定吗？', en: 'A handled suggestion cannot be handled again. Continue?' },
    },
  ],
  io: { export: ['id', 'content', 'username', 'org_id', 'status', 'reply', 'created_at', 'handled_at'] },
});
