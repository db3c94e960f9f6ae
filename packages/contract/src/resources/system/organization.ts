import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, statusField } from '../common';

/**
 * Organisations are the tenants (DESIGN §4). Platform staff create and manage them here; users create and join
 * their own through the shell's methods on the same path (join, form, switch).
 */
export const organizationResource = declareResource({
  key: 'system.organization',
  path: '/admin/system/organization',
  title: { zh_CN: '组织管理', en: 'Organisations' },
  scope: 'platform',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '组织名称', en: 'Name' }, required: true, max: 64 },
    invite_code: {
      type: 'text', label: { zh_CN: '邀请码', en: 'Invitation code' }, editable: 'never',
      help: { zh_CN: '用户凭此加入组织', en: 'Users join the organisation with it' },
    },
    owner_id: { type: 'ref', label: { zh_CN: '创建人', en: 'Owner' }, ref: { resource: 'system.user' }, editable: 'never' },
    owner_name: { type: 'text', label: { zh_CN: '创建人', en: 'Owner' }, editable: 'never' },
    member_count: { type: 'integer', label: { zh_CN: '成员数', en: 'Members' }, editable: 'never' },
    status: statusField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'name', width: 220, sortable: true },
      { field: 'invite_code', width: 140 },
      { field: 'owner_name', width: 140 },
      { field: 'member_count', width: 100 },
      { field: 'status', width: 100 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'status', kind: 'eq' }, { field: 'created_at', kind: 'range' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: { columns: 1, sections: [{ fields: ['name'] }] },
  detail: {
    sections: [{ fields: ['id', 'name', 'invite_code', 'owner_name', 'member_count', 'status', 'created_at'] }],
    tabs: [{ key: 'members', title: { zh_CN: '成员', en: 'Members' } }],
  },
  actions: enableDisableActions('status', { zh_CN: '组织', en: 'organisations' }),
  picker: { label: ['name'], search: ['name'] },
  /** Removing an organisation takes its members out of it (with their roles there): the console names them first. */
  usedBy: [{ resource: 'system.belong', field: 'org_id', onRemove: 'ask', label: { zh_CN: '成员', en: 'members' }, name: 'username' }],
  io: { export: ['id', 'name', 'invite_code', 'owner_name', 'member_count', 'status', 'created_at'] },
  example: { name: 'Example organisation' },
});
