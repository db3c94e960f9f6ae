import { declareResource } from '../types';
import { createdAtField, idField, remarkField, sortField } from '../common';

/** `/admin/system/unit`: departments of the caller's organisation, as a tree. */
export const unitResource = declareResource({
  key: 'system.unit',
  path: '/admin/system/unit',
  title: { zh_CN: '部门管理', en: 'Departments' },
  scope: 'org',
  fields: {
    id: idField,
    parent_id: { type: 'ref', label: { zh_CN: '上级部门', en: 'Parent department' }, ref: { resource: 'system.unit' } },
    name: { type: 'text', label: { zh_CN: '部门名称', en: 'Name' }, required: true, max: 64 },
    leader_id: { type: 'ref', label: { zh_CN: '负责人', en: 'Head' }, ref: { resource: 'system.user' } },
    phone: { type: 'text', label: { zh_CN: '联系电话', en: 'Phone' }, rule: 'phone', max: 11 },
    sort: sortField,
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'name', width: 220, sortable: true },
      { field: 'leader_id', width: 160, render: 'refLabel' },
      { field: 'phone', width: 140 },
      { field: 'sort', width: 80, sortable: true },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'parent_id', kind: 'eq' }],
    defaultSort: { field: 'sort', order: 'asc' },
    tree: { parentField: 'parent_id' },
  },
  form: { columns: 2, sections: [{ fields: ['parent_id', 'name', 'leader_id', 'phone', 'sort', 'remark'] }] },
  picker: { label: ['name'], search: ['name'], open: true },
  io: { import: ['parent_id', 'name', 'leader_id', 'phone', 'sort', 'remark'], export: ['id', 'parent_id', 'name', 'leader_id', 'phone', 'sort', 'remark'] },
  example: { name: 'Example department', phone: '13900139000' },
  /** Sub-departments would lose their parent: move or remove them first. */
  usedBy: [{ resource: 'system.unit', field: 'parent_id', onRemove: 'refuse', label: { zh_CN: '下级部门', en: 'sub-departments' } }],
});
