import { declareResource } from '../types';
import { createdAtField, idField } from '../common';

/**
 * `/admin/system/organization_manager`: the members who answer for the organisation (its administrators and
 * contacts, with a position). A designation only: rights still come from roles.
 */
export const organizationManagerResource = declareResource({
  key: 'system.organization_manager',
  path: '/admin/system/organization_manager',
  title: { zh_CN: '组织管理员', en: 'Organisation managers' },
  scope: 'org',
  fields: {
    id: idField,
    user_id: { type: 'ref', label: { zh_CN: '成员', en: 'Member' }, ref: { resource: 'system.user' }, required: true, editable: 'add' },
    title: {
      type: 'text', label: { zh_CN: '职务', en: 'Position' }, max: 64,
      placeholder: { zh_CN: '如 负责人', en: 'e.g. Head' },
    },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'user_id', width: 200, render: 'refLabel' },
      { field: 'title', width: 200 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'user_id', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: { columns: 1, sections: [{ fields: ['user_id', 'title'] }] },
  io: { export: ['id', 'user_id', 'title', 'created_at'] },
  example: { user_id: 1, title: 'Head' },
});
