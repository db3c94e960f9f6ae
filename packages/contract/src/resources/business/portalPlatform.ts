import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, remarkField, statusField, updatedAtField } from '../common';

/**
 * SPEC §7 `/admin/business/project/portal_platform`: the captive-portal platform of a project (at most one each):
 * which of the organisation's portal places (its portal settings, '' the organisation's default) its guests sign in
 * at, an optional domain of its own, a contact, and the guest sign-in address that follows from them.
 */
export const portalPlatformResource = declareResource({
  key: 'business.portal_platform',
  path: '/admin/business/project/portal_platform',
  title: { zh_CN: '项目认证平台', en: 'Project portal platforms' },
  scope: 'org',
  fields: {
    id: idField,
    project_id: { type: 'ref', label: { zh_CN: '项目', en: 'Project' }, ref: { resource: 'business.project' }, required: true, editable: 'add' },
    name: { type: 'text', label: { zh_CN: '平台名称', en: 'Name' }, required: true, max: 64 },
    place: {
      type: 'text', label: { zh_CN: '认证场所', en: 'Portal place' }, max: 64,
      help: { zh_CN: '须为已有认证配置的场所，留空为组织默认配置', en: 'A place with portal settings; empty for the organisation\'s default settings' },
    },
    domain: {
      type: 'text', label: { zh_CN: '域名', en: 'Domain' }, rule: 'domain', max: 253,
      placeholder: { zh_CN: '如 wifi.example.com', en: 'e.g. wifi.example.com' },
    },
    contact: { type: 'text', label: { zh_CN: '联系人', en: 'Contact' }, max: 64 },
    guest_url: {
      type: 'text', label: { zh_CN: '访客认证地址', en: 'Guest sign-in address' }, editable: 'never',
      help: { zh_CN: '访客连接 Wi-Fi 后打开的认证页', en: 'The sign-in page guests open after joining the Wi-Fi' },
    },
    status: statusField,
    remark: remarkField,
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'name', width: 180, priority: 1 },
      { field: 'project_id', width: 180, render: 'refLabel', priority: 1 },
      { field: 'place', width: 140 },
      { field: 'domain', width: 180 },
      { field: 'contact', width: 120, priority: 3 },
      { field: 'status', width: 100, priority: 1 },
      { field: 'updated_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [{ field: 'project_id', kind: 'eq' }, { field: 'name', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['project_id', 'name', 'place', 'domain', 'contact', 'remark'] }] },
  detail: { sections: [{ fields: ['project_id', 'name', 'place', 'domain', 'contact', 'guest_url', 'status', 'remark', 'created_at', 'updated_at'] }] },
  actions: enableDisableActions('status', { zh_CN: '认证平台', en: 'portal platforms' }),
  io: { export: ['project_id', 'name', 'place', 'domain', 'contact', 'guest_url', 'status', 'remark', 'created_at'] },
  example: { project_id: 1, name: 'Harbour Hotel guest Wi-Fi', place: '', domain: 'wifi.harbour.example.com', contact: 'Ms Li' },
  page: { area: 'business', key: 'portalPlatform', after: 'projectLog', icon: 'WifiOutlined' },
});
