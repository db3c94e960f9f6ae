import { declareResource } from '../types';
import { createdAtField, idField } from '../common';

/**
 * Operation keys (btnlist). Keys named by an endpoint are built in: they are created on start, guard their
 * server method, and cannot be renamed or removed.
 */
export const buttonResource = declareResource({
  key: 'system.button',
  path: '/admin/system/button',
  aliasPaths: true,
  title: { zh_CN: '按钮管理', en: 'Buttons' },
  scope: 'platform',
  fields: {
    id: idField,
    key: {
      type: 'text', label: { zh_CN: '权限键', en: 'Permission key' }, required: true, rule: 'permissionKey', max: 128, editable: 'add',
      help: { zh_CN: '格式 区域.资源.操作，如 system.user.add', en: 'area.resource.action, e.g. system.user.add' },
    },
    title: {
      type: 'text', label: { zh_CN: '名称', en: 'Title' }, required: true, max: 128,
      help: { zh_CN: '名称或翻译键', en: 'A name or a translation key' },
    },
    menu_id: { type: 'ref', label: { zh_CN: '所属菜单', en: 'Menu' }, ref: { resource: 'system.permission' } },
    builtin: { type: 'boolean', label: { zh_CN: '内置', en: 'Built in' }, editable: 'never' },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'key', width: 260, sortable: true },
      { field: 'title', width: 220, render: 'permissionTitle' },
      { field: 'menu_id', width: 200, render: 'refLabel' },
      { field: 'builtin', width: 90 },
    ],
    filters: [{ field: 'key', kind: 'prefix' }, { field: 'menu_id', kind: 'eq' }],
    defaultSort: { field: 'key', order: 'asc' },
    keyword: { fields: ['key', 'title'], placeholder: { zh_CN: '权限键 / 名称', en: 'Key / title' } },
  },
  form: { columns: 1, sections: [{ fields: ['key', 'title', 'menu_id'] }] },
  picker: { label: ['title', 'key'], search: ['key', 'title'] },
  /** Roles and permission groups granting a key lose it, in every organisation: the console names them first. */
  usedBy: [
    { resource: 'system.role', field: 'button_ids', onRemove: 'ask', label: { zh_CN: '角色', en: 'roles' } },
    { resource: 'system.authority_group', field: 'button_ids', onRemove: 'ask', label: { zh_CN: '权限组', en: 'permission groups' } },
  ],
  io: { export: ['id', 'key', 'title', 'menu_id', 'builtin'] },
  example: { key: 'example.sample.run', title: 'Example button' },
});
