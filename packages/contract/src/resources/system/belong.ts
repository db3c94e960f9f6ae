import { declareResource } from '../types';
import { createdAtField, idField } from '../common';

/**
 * `/admin/system/webmaster/belong`: which organisations each person belongs to (memberships). Platform staff add
 * an existing account to an organisation by username, or take it out.
 */
export const belongResource = declareResource({
  key: 'system.belong',
  path: '/admin/system/webmaster/belong',
  title: { zh_CN: '组织成员关系', en: 'Memberships' },
  scope: 'platform',
  fields: {
    id: idField,
    username: {
      type: 'text', label: { zh_CN: '用户名', en: 'Username' }, required: true, max: 64, editable: 'add',
      help: { zh_CN: '已有账号的用户名', en: 'Username of an existing account' },
    },
    user_id: { type: 'integer', label: { zh_CN: '用户 ID', en: 'User ID' }, editable: 'never' },
    nickname: { type: 'text', label: { zh_CN: '姓名', en: 'Name' }, editable: 'never' },
    org_id: { type: 'ref', label: { zh_CN: '组织', en: 'Organisation' }, ref: { resource: 'system.organization' }, required: true, editable: 'add' },
    org_name: { type: 'text', label: { zh_CN: '组织名称', en: 'Organisation' }, editable: 'never' },
    created_at: { ...createdAtField, label: { zh_CN: '加入时间', en: 'Joined' } },
  },
  operations: ['list', 'detail', 'add', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'username', width: 160 },
      { field: 'nickname', width: 140 },
      { field: 'org_name', width: 220 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'user_id', kind: 'eq' }, { field: 'org_id', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['username', 'org_id'] }] },
  io: { export: ['id', 'user_id', 'username', 'nickname', 'org_id', 'org_name', 'created_at'] },
  example: { username: 'admin', org_id: 1 },
});
