import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, remarkField, statusField } from '../common';

/**
 * Roles of the caller's organisation. A role grants menus and buttons, picked in one tree of menus with their
 * buttons (the `grantTree` widget reads `/admin/system/function_menu`).
 */
export const roleResource = declareResource({
  key: 'system.role',
  path: '/admin/system/role',
  aliasPaths: true,
  title: { zh_CN: '角色管理', en: 'Roles' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '角色名称', en: 'Role name' }, required: true, max: 64 },
    remark: remarkField,
    menu_ids: {
      type: 'refMany', label: { zh_CN: '菜单权限', en: 'Menus' }, ref: { resource: 'system.permission' }, widget: 'grantTree', max: 2000, grants: 'menus',
    },
    button_ids: {
      type: 'refMany', label: { zh_CN: '按钮权限', en: 'Buttons' }, ref: { resource: 'system.button' }, widget: 'grantTree', max: 5000, grants: 'buttons',
    },
    authority_group_id: {
      type: 'ref', label: { zh_CN: '权限组', en: 'Permission group' }, ref: { resource: 'system.authority_group' }, writeOnly: true, grants: 'groups',
      help: { zh_CN: '保存时并入该权限组的菜单和按钮', en: "Adds the group's menus and buttons when saving" },
    },
    user_count: { type: 'integer', label: { zh_CN: '用户数', en: 'Users' }, editable: 'never' },
    status: statusField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'name', width: 200, sortable: true },
      { field: 'remark', ellipsis: true },
      { field: 'user_count', width: 100 },
      { field: 'status', width: 100 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: {
    columns: 1,
    sections: [
      { fields: ['name', 'remark'] },
      { title: { zh_CN: '权限', en: 'Permissions' }, fields: ['authority_group_id', 'menu_ids', 'button_ids'] },
    ],
  },
  detail: { sections: [{ fields: ['id', 'name', 'remark', 'status', 'user_count', 'created_at', 'menu_ids', 'button_ids'] }] },
  actions: enableDisableActions('status', { zh_CN: '角色', en: 'roles' }),
  picker: { label: ['name'], search: ['name'], open: true },
  io: { import: ['name', 'remark', 'authority_group_id'], export: ['id', 'name', 'remark', 'status', 'created_at'] },
  example: { name: 'Example role', remark: 'made by the example' },
  /** Removing a role takes it from its holders: the console names them first. */
  usedBy: [{ resource: 'system.user', field: 'role_ids', onRemove: 'ask', label: { zh_CN: '用户', en: 'users' } }],
});
