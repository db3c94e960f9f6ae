import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, remarkField, statusField } from '../common';

/**
 * Authorised agents (SPEC §1 "authorised-agent query page"): the platform's register of who may sell and install its
 * products. The public `/agents` page asks it by name, phone or certificate number and learns only whether the
 * agent is authorised, with region and validity.
 */
export const portalAgentResource = declareResource({
  key: 'portal.agent',
  path: '/admin/portal/agent',
  title: { zh_CN: '授权代理商', en: 'Authorised agents' },
  scope: 'platform',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, required: true, max: 64 },
    phone: { type: 'text', label: { zh_CN: '电话', en: 'Phone' }, rule: 'phone', required: true, max: 11 },
    certificate_no: {
      type: 'text', label: { zh_CN: '授权证书编号', en: 'Certificate number' }, rule: 'authorizationNumber', required: true, max: 32,
      help: { zh_CN: '8–32 位大写字母或数字', en: '8–32 capital letters or digits' },
    },
    region: { type: 'text', label: { zh_CN: '授权区域', en: 'Region' }, required: true, max: 64 },
    valid_from: { type: 'datetime', label: { zh_CN: '授权开始', en: 'Valid from' }, required: true },
    valid_to: { type: 'datetime', label: { zh_CN: '授权截止', en: 'Valid to' }, required: true },
    status: statusField,
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'name', width: 200, sortable: true, priority: 1 },
      { field: 'phone', width: 140 },
      { field: 'certificate_no', width: 180, priority: 1 },
      { field: 'region', width: 140 },
      { field: 'valid_from', width: 180, sortable: true, priority: 3 },
      { field: 'valid_to', width: 180, sortable: true },
      { field: 'status', width: 100, priority: 1 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'certificate_no', kind: 'prefix' }, { field: 'phone', kind: 'eq' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'phone', 'certificate_no', 'region', 'valid_from', 'valid_to', 'remark'] }] },
  actions: enableDisableActions('status', { zh_CN: '代理商', en: 'agents' }),
  page: { area: 'portal', key: 'agent', after: 'adSlots' },
  io: {
    import: ['name', 'phone', 'certificate_no', 'region', 'valid_from', 'valid_to', 'remark'],
    export: ['id', 'name', 'phone', 'certificate_no', 'region', 'valid_from', 'valid_to', 'status', 'remark', 'created_at'],
  },
  example: { name: 'East Agent Ltd', phone: '13800138000', certificate_no: 'GXAG20260001', region: 'Shanghai', valid_from: '2026-01-01T00:00:00Z', valid_to: '2036-01-01T00:00:00Z' },
});
