import { declareResource } from '../types';
import { idField } from '../common';

/**
 * `/admin/system/webmaster`: the organisation's personnel directory (who works here, how to reach them, which
 * roles they hold), read-only. Accounts are managed under users; the shell's personnel picker (form_select) shares
 * the path.
 */
export const webmasterResource = declareResource({
  key: 'system.webmaster',
  path: '/admin/system/webmaster',
  title: { zh_CN: '人员名录', en: 'Personnel' },
  scope: 'org',
  fields: {
    id: idField,
    username: { type: 'text', label: { zh_CN: '用户名', en: 'Username' }, editable: 'never' },
    nickname: { type: 'text', label: { zh_CN: '姓名', en: 'Name' }, editable: 'never' },
    cellphone: { type: 'text', label: { zh_CN: '手机号', en: 'Mobile phone' }, editable: 'never' },
    email: { type: 'text', label: { zh_CN: '邮箱', en: 'Email' }, editable: 'never' },
    role_ids: { type: 'refMany', label: { zh_CN: '角色', en: 'Roles' }, ref: { resource: 'system.role' }, editable: 'never' },
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'nickname', width: 140 },
      { field: 'username', width: 160, sortable: true },
      { field: 'cellphone', width: 140 },
      { field: 'email', width: 200 },
      { field: 'role_ids', render: 'refTags' },
    ],
    filters: [],
    defaultSort: { field: 'username', order: 'asc' },
    keyword: { fields: ['username', 'nickname', 'cellphone'], placeholder: { zh_CN: '用户名 / 姓名 / 手机号', en: 'Username / name / phone' } },
  },
  io: { export: ['id', 'username', 'nickname', 'cellphone', 'email'] },
});
