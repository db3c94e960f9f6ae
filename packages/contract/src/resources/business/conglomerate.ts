import { declareResource } from '../types';
import { createdAtField, idField, remarkField, updatedAtField } from '../common';

/**
 * SPEC §7 `/admin/business/conglomerate`: groups of organisations run by one owner (a hotel group and its hotels),
 * kept by the platform's operators. An organisation belongs to one conglomerate at most.
 */
export const conglomerateResource = declareResource({
  key: 'business.conglomerate',
  path: '/admin/business/conglomerate',
  title: { zh_CN: '集团管理', en: 'Conglomerates' },
  scope: 'platform',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '集团名称', en: 'Name' }, required: true, max: 64 },
    code: {
      type: 'text', label: { zh_CN: '集团编码', en: 'Code' }, required: true, min: 2, max: 32,
      help: { zh_CN: '2 至 32 位大写字母或数字', en: '2 to 32 capital letters or digits' },
    },
    org_ids: { type: 'refMany', label: { zh_CN: '成员组织', en: 'Member organisations' }, ref: { resource: 'system.organization' }, max: 1000 },
    org_count: { type: 'integer', label: { zh_CN: '组织数', en: 'Organisations' }, editable: 'never' },
    contact: { type: 'text', label: { zh_CN: '联系人', en: 'Contact' }, max: 64 },
    phone: { type: 'text', label: { zh_CN: '联系电话', en: 'Phone' }, rule: 'phone', max: 20 },
    remark: remarkField,
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'name', width: 200, sortable: true, priority: 1 },
      { field: 'code', width: 140, priority: 1 },
      { field: 'org_ids', width: 260, render: 'refTags' },
      { field: 'org_count', width: 100 },
      { field: 'contact', width: 120, priority: 3 },
      { field: 'phone', width: 140, priority: 3 },
      { field: 'created_at', width: 180, priority: 3 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'code', kind: 'prefix' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'code', 'contact', 'phone', 'org_ids', 'remark'] }] },
  io: { export: ['id', 'name', 'code', 'org_ids', 'org_count', 'contact', 'phone', 'remark', 'created_at'] },
  example: { name: 'Harbour Hotels Group', code: 'HARBOUR', contact: 'Mr Wang', phone: '13800138000' },
  page: { area: 'business', key: 'conglomerate', after: 'networking', icon: 'TeamOutlined' },
});
