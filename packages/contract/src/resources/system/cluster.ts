import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, remarkField, statusField } from '../common';

/**
 * `/admin/system/cluster`: the platform's service clusters (regions): where an organisation's API calls and
 * devices are served, and the broker address its devices connect to.
 */
export const clusterResource = declareResource({
  key: 'system.cluster',
  path: '/admin/system/cluster',
  title: { zh_CN: '集群管理', en: 'Clusters' },
  scope: 'platform',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, required: true, max: 64 },
    code: { type: 'text', label: { zh_CN: '编码', en: 'Code' }, required: true, rule: 'identifier', max: 32, editable: 'add' },
    region: { type: 'text', label: { zh_CN: '地域', en: 'Region' }, max: 64 },
    api_url: { type: 'text', label: { zh_CN: '接口地址', en: 'API address' }, rule: 'httpLink', max: 2048 },
    broker_url: {
      type: 'text', label: { zh_CN: '设备接入地址', en: 'Device broker' }, rule: 'brokerUrl', max: 2048,
      placeholder: { zh_CN: 'mqtts://broker.example.com:8883', en: 'mqtts://broker.example.com:8883' },
    },
    status: statusField,
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'name', width: 180, sortable: true },
      { field: 'code', width: 120, sortable: true },
      { field: 'region', width: 140 },
      { field: 'api_url', ellipsis: true },
      { field: 'broker_url', ellipsis: true },
      { field: 'status', width: 100 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'code', 'region', 'api_url', 'broker_url', 'remark'] }] },
  actions: enableDisableActions('status', { zh_CN: '集群', en: 'clusters' }),
  picker: { label: ['name', 'code'], search: ['name'] },
  io: { export: ['id', 'name', 'code', 'region', 'api_url', 'broker_url', 'status', 'remark'] },
  example: { name: 'Example cluster', code: 'example', region: 'cn-east', broker_url: 'mqtts://broker.example.com:8883' },
  /** Organisations served by a cluster would lose their servers: move them first. */
  usedBy: [{ resource: 'system.organization_cluster', field: 'cluster_id', onRemove: 'refuse', label: { zh_CN: '组织', en: 'organisations' }, name: 'org_id' }],
});
