import { declareResource } from '../types';
import { createdAtField, idField, sortField } from '../common';

/** The menu tree (SPEC §3 menu/route entry): platform-wide, the pages roles grant. */
export const permissionResource = declareResource({
  key: 'system.permission',
  path: '/admin/system/permission',
  aliasPaths: true,
  title: { zh_CN: '权限管理', en: 'Permissions' },
  scope: 'platform',
  fields: {
    id: idField,
    parent_id: { type: 'ref', label: { zh_CN: '上级菜单', en: 'Parent' }, ref: { resource: 'system.permission' } },
    title: {
      type: 'text', label: { zh_CN: '标题键', en: 'Title key' }, required: true, max: 128,
      help: { zh_CN: '界面翻译键，如 route.system.user', en: 'Translation key, e.g. route.system.user' },
    },
    name: {
      type: 'text', label: { zh_CN: '路由名称', en: 'Route name' }, required: true, rule: 'identifier', max: 64,
      help: { zh_CN: '唯一，字母开头', en: 'Unique, starts with a letter' },
    },
    path: { type: 'text', label: { zh_CN: '路径', en: 'Path' }, required: true, rule: 'routePath', max: 255 },
    component: {
      type: 'text', label: { zh_CN: '组件键', en: 'Component key' }, max: 128,
      help: { zh_CN: '页面注册表中的键；目录填 layout', en: 'Key in the page registry; "layout" for a section' },
    },
    icon: { type: 'icon', label: { zh_CN: '图标', en: 'Icon' } },
    redirect: { type: 'text', label: { zh_CN: '重定向', en: 'Redirect' }, rule: 'routePath', max: 255 },
    sort: sortField,
    hidden: { type: 'boolean', label: { zh_CN: '隐藏', en: 'Hidden' }, default: false },
    no_cache: { type: 'boolean', label: { zh_CN: '不缓存', en: 'No cache' }, default: false },
    affix: { type: 'boolean', label: { zh_CN: '固定标签', en: 'Affix tab' }, default: false },
    external: { type: 'boolean', label: { zh_CN: '外部链接', en: 'External link' }, default: false },
    open: {
      type: 'boolean', label: { zh_CN: '所有人可见', en: 'Open to everyone' }, default: false,
      help: { zh_CN: '无需角色授权即对所有登录用户可见', en: 'Visible to every signed-in user without a role' },
    },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'title', width: 220, render: 'routeTitle' },
      { field: 'name', width: 180, sortable: true },
      { field: 'path', width: 220 },
      { field: 'icon', width: 80, render: 'icon' },
      { field: 'component', width: 180 },
      { field: 'sort', width: 80, sortable: true },
      { field: 'hidden', width: 80 },
      { field: 'open', width: 100 },
    ],
    filters: [
      { field: 'name', kind: 'prefix' },
      { field: 'path', kind: 'prefix' },
      { field: 'parent_id', kind: 'eq' },
    ],
    defaultSort: { field: 'sort', order: 'asc' },
    tree: { parentField: 'parent_id' },
  },
  form: {
    columns: 2,
    sections: [
      { fields: ['parent_id', 'title', 'name', 'path', 'component', 'icon', 'redirect', 'sort'] },
      { title: { zh_CN: '显示', en: 'Display' }, fields: ['hidden', 'no_cache', 'affix', 'external', 'open'] },
    ],
  },
  picker: { label: ['title', 'name'], search: ['name'] },
  /**
   * Sub-menus and buttons placed under a menu would be orphaned (no place in the grant tree): move them first. Roles
   * and permission groups granting it lose the grant, in every organisation: the console names them first.
   */
  usedBy: [
    { resource: 'system.permission', field: 'parent_id', onRemove: 'refuse', label: { zh_CN: '子菜单', en: 'sub-menus' } },
    { resource: 'system.button', field: 'menu_id', onRemove: 'refuse', label: { zh_CN: '按钮', en: 'buttons' } },
    { resource: 'system.role', field: 'menu_ids', onRemove: 'ask', label: { zh_CN: '角色', en: 'roles' } },
    { resource: 'system.authority_group', field: 'menu_ids', onRemove: 'ask', label: { zh_CN: '权限组', en: 'permission groups' } },
  ],
  io: { export: ['id', 'parent_id', 'title', 'name', 'path', 'component', 'icon', 'redirect', 'sort', 'hidden', 'no_cache', 'affix', 'external', 'open'] },
  example: { title: 'route.example', name: 'example-page', path: '/example/page', component: 'example/page' },
});
