import { declareResource } from '../types';
import { createdAtField, idField, remarkField } from '../common';

/**
 * `/admin/system/authority_group`: permission groups, platform-defined sets of menus and buttons (e.g. "device
 * operator") that an organisation's role editor can start from instead of ticking the tree by hand.
 */
export const authorityGroupResource = declareResource({
  key: 'system.authority_group',
  path: '/admin/system/authority_group',
  title: { zh_CN: '权限组', en: 'Permission groups' },
  scope: 'platform',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, required: true, max: 64 },
    remark: remarkField,
    menu_ids: { type: 'refMany', label: { zh_CN: '菜单权限', en: 'Menus' }, ref: { resource: 'system.permission' }, widget: 'grantTree', max: 2000, grants: 'menus' },
    button_ids: { type: 'refMany', label: { zh_CN: '按钮权限', en: 'Buttons' }, ref: { resource: 'system.button' }, widget: 'grantTree', max: 5000, grants: 'buttons' },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'name', width: 220, sortable: true },
      { field: 'remark', ellipsis: true },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'name', kind: 'prefix' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: { columns: 1, sections: [{ fields: ['name', 'remark'] }, { title: { zh_CN: '权限', en: 'Permissions' }, fields: ['menu_ids', 'button_ids'] }] },
  picker: { label: ['name'], search: ['name'], open: true },
  io: { export: ['id', 'name', 'remark', 'created_at'] },
  example: { name: 'Example group' },
});
