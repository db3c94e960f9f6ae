import { declareResource } from '../types';
import { idField, orgField } from '../common';

/**
 * `/admin/system/visit_log`: sign-ins working in the organisation (one row per session: when, from where, with
 * what, until when). A session can be ended from here (the user gets 1005 on its next call).
 */
export const visitLogResource = declareResource({
  key: 'system.visit_log',
  path: '/admin/system/visit_log',
  title: { zh_CN: '访问日志', en: 'Visit log' },
  scope: 'org',
  platformSeesAll: true,
  fields: {
    id: idField,
    user_id: { type: 'integer', label: { zh_CN: '用户 ID', en: 'User ID' }, editable: 'never' },
    username: { type: 'text', label: { zh_CN: '用户名', en: 'Username' }, editable: 'never' },
    org_id: orgField,
    ip: { type: 'text', label: { zh_CN: 'IP 地址', en: 'IP address' }, editable: 'never' },
    user_agent: { type: 'text', label: { zh_CN: '客户端', en: 'Client' }, editable: 'never' },
    created_at: { type: 'datetime', label: { zh_CN: '登录时间', en: 'Signed in' }, editable: 'never' },
    last_seen_at: { type: 'datetime', label: { zh_CN: '最后活动', en: 'Last active' }, editable: 'never' },
    expires_at: { type: 'datetime', label: { zh_CN: '过期时间', en: 'Expires' }, editable: 'never' },
    revoked_at: { type: 'datetime', label: { zh_CN: '结束时间', en: 'Ended' }, editable: 'never' },
    revoked_reason: {
      type: 'select', label: { zh_CN: '结束原因', en: 'Ended because' }, editable: 'never',
      options: [
        { value: 'logout', label: { zh_CN: '退出登录', en: 'Signed out' } },
        { value: 'password_changed', label: { zh_CN: '密码已修改', en: 'Password changed' } },
        { value: 'disabled', label: { zh_CN: '账号停用', en: 'Account disabled' } },
        { value: 'admin', label: { zh_CN: '管理员结束', en: 'Ended by an administrator' } },
        { value: 'org_disabled', label: { zh_CN: '组织已停用', en: 'Organisation disabled' } },
        { value: 'succession', label: { zh_CN: '离职交接', en: 'Handed over' } },
      ],
    },
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'id', width: 90 },
      { field: 'username', width: 140 },
      { field: 'org_id', width: 180, render: 'refLabel' },
      { field: 'ip', width: 140 },
      { field: 'user_agent', ellipsis: true },
      { field: 'created_at', width: 180, sortable: true },
      { field: 'last_seen_at', width: 180, sortable: true },
      { field: 'revoked_reason', width: 140 },
    ],
    filters: [{ field: 'user_id', kind: 'eq' }, { field: 'ip', kind: 'prefix' }, { field: 'created_at', kind: 'range' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  actions: [
    {
      name: 'revoke', label: { zh_CN: '强制下线', en: 'Sign out' }, placement: 'row', danger: true,
      confirm: { zh_CN: '确定结束该登录会话吗？', en: 'End this session?' },
    },
  ],
  io: { export: ['id', 'user_id', 'username', 'org_id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'revoked_at', 'revoked_reason'] },
});
