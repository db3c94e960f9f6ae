import { declareResource } from '../types';
import { createdAtField, idField, remarkField } from '../common';

/**
 * The phone book of a project (SPEC §7 `/admin/business/project/phone_book`): the people to call on site —
 * customer contacts, suppliers, the team — with import and export. A phone number appears once per project.
 */
export const phoneBookResource = declareResource({
  key: 'business.phone_book',
  path: '/admin/business/project/phone_book',
  title: { zh_CN: '电话簿', en: 'Phone book' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '姓名', en: 'Name' }, required: true, max: 64 },
    phone: { type: 'text', label: { zh_CN: '手机号码', en: 'Mobile phone' }, required: true, rule: 'phone' },
    project_id: { type: 'ref', label: { zh_CN: '项目', en: 'Project' }, ref: { resource: 'business.project' }, required: true },
    company: { type: 'text', label: { zh_CN: '单位', en: 'Company' }, max: 100 },
    position: { type: 'text', label: { zh_CN: '职务', en: 'Position' }, max: 64 },
    email: { type: 'text', label: { zh_CN: '邮箱', en: 'Email' }, rule: 'email', max: 128 },
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'name', width: 140, sortable: true, priority: 1 },
      { field: 'phone', width: 150, priority: 1 },
      { field: 'project_id', width: 180, render: 'refLabel' },
      { field: 'company', width: 160 },
      { field: 'position', width: 120 },
      { field: 'email', width: 200, priority: 3 },
      { field: 'remark', ellipsis: true, priority: 3 },
    ],
    filters: [{ field: 'project_id', kind: 'eq' }, { field: 'name', kind: 'prefix' }, { field: 'phone', kind: 'prefix' }],
    defaultSort: { field: 'name', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['project_id', 'name', 'phone', 'company', 'position', 'email', 'remark'] }] },
  picker: { label: ['name', 'phone'], search: ['name', 'phone'] },
  io: {
    import: ['project_id', 'name', 'phone', 'company', 'position', 'email', 'remark'],
    export: ['project_id', 'name', 'phone', 'company', 'position', 'email', 'remark', 'created_at'],
  },
  example: { project_id: 1, name: 'Li Lei', phone: '13912345678', company: 'Harbour Hotel' },
});
