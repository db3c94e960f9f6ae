import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, remarkField, sortField, statusField } from '../common';

/**
 * `/admin/consult/classification`: the organisation's article categories, a tree ordered by `sort`. A category
 * holding sub-categories or articles cannot be removed (move or remove them first); a disabled one keeps its
 * articles but cannot be given to an article anew.
 */
export const classificationResource = declareResource({
  key: 'consult.classification',
  path: '/admin/consult/classification',
  title: { zh_CN: '分类管理', en: 'Classification' },
  scope: 'org',
  fields: {
    id: idField,
    parent_id: { type: 'ref', label: { zh_CN: '上级分类', en: 'Parent category' }, ref: { resource: 'consult.classification' } },
    name: { type: 'text', label: { zh_CN: '分类名称', en: 'Name' }, required: true, max: 64 },
    sort: sortField,
    status: statusField,
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'name', width: 240, priority: 1 },
      { field: 'sort', width: 90, sortable: true },
      { field: 'status', width: 100, priority: 1 },
      { field: 'remark', ellipsis: true, priority: 3 },
      { field: 'created_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'parent_id', kind: 'eq' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'sort', order: 'asc' },
    tree: { parentField: 'parent_id' },
  },
  form: { columns: 2, sections: [{ fields: ['parent_id', 'name', 'sort', 'remark'] }] },
  actions: enableDisableActions('status', { zh_CN: '分类', en: 'categories' }),
  picker: { label: ['name'], search: ['name'] },
  io: { import: ['parent_id', 'name', 'sort', 'remark'], export: ['id', 'parent_id', 'name', 'sort', 'status', 'remark', 'created_at'] },
  example: { name: 'Product news', sort: 1 },
  usedBy: [
    { resource: 'consult.classification', field: 'parent_id', onRemove: 'refuse', label: { zh_CN: '下级分类', en: 'sub-categories' } },
    { resource: 'consult.article', field: 'classification_id', onRemove: 'refuse', label: { zh_CN: '文章', en: 'articles' }, name: 'title' },
    { resource: 'consult.tutorial', field: 'classification_id', onRemove: 'refuse', label: { zh_CN: '教程', en: 'tutorials' }, name: 'title' },
  ],
});
