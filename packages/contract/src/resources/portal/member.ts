import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, remarkField, statusField } from '../common';

/**
 * The organisation's own member directory (issue 13 point 1): a member signs in on /wifilogin with the member
 * number or the phone and a password, kept only as a salted hash (the console and the page send its MD5, as for
 * console accounts).
 */
export const portalMemberResource = declareResource({
  key: 'portal.member',
  path: '/admin/portal/member',
  title: { zh_CN: '会员名录', en: 'Members' },
  scope: 'org',
  fields: {
    id: idField,
    member_no: {
      type: 'text', label: { zh_CN: '会员号', en: 'Member number' }, required: true, max: 32,
      help: { zh_CN: '本组织内唯一', en: 'Unique in the organisation' },
    },
    phone: { type: 'text', label: { zh_CN: '手机号码', en: 'Mobile phone' }, rule: 'phone', default: '' },
    name: { type: 'text', label: { zh_CN: '姓名', en: 'Name' }, max: 64, default: '' },
    password: {
      // Required on add by the server (a required field could not stay empty on edit, where empty keeps it).
      type: 'password', label: { zh_CN: '密码', en: 'Password' }, writeOnly: true,
      help: { zh_CN: '新增时必填，会员上网时输入；只保存其散列值；编辑时留空则不变', en: 'Required when adding; what the member types to sign in; only its hash is kept; left empty when editing, it stays as it was' },
    },
    valid_until: {
      type: 'datetime', label: { zh_CN: '有效期至', en: 'Valid until' },
      help: { zh_CN: '留空为长期有效', en: 'Empty: no end' },
    },
    status: statusField,
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'member_no', width: 160, sortable: true, priority: 1 },
      { field: 'name', width: 140, priority: 1 },
      { field: 'phone', width: 150 },
      { field: 'valid_until', width: 180, sortable: true, priority: 3 },
      { field: 'status', width: 100 },
      { field: 'remark', ellipsis: true, priority: 3 },
    ],
    filters: [{ field: 'member_no', kind: 'prefix' }, { field: 'phone', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'member_no', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['member_no', 'name', 'phone', 'password', 'valid_until', 'remark'] }] },
  actions: enableDisableActions('status', { zh_CN: '会员', en: 'members' }),
  io: {
    import: ['member_no', 'name', 'phone', 'password', 'valid_until', 'remark'],
    export: ['id', 'member_no', 'name', 'phone', 'valid_until', 'status', 'remark', 'created_at'],
  },
  page: { area: 'portal', key: 'member', after: 'hotel_guest' },
  example: { member_no: 'M0001', name: 'Li Lei', phone: '13912345678', password: 'e10adc3949ba59abbe56e057f20f883e' },
});
