import { declareResource } from '../types';
import { createdAtField, idField } from '../common';

/** `/admin/system/organization_cluster`: which cluster serves each organisation (at most one each). */
export const organizationClusterResource = declareResource({
  key: 'system.organization_cluster',
  path: '/admin/system/organization_cluster',
  title: { zh_CN: '组织集群', en: 'Organisation clusters' },
  scope: 'platform',
  fields: {
    id: idField,
    org_id: { type: 'ref', label: { zh_CN: '组织', en: 'Organisation' }, ref: { resource: 'system.organization' }, required: true, editable: 'add' },
    cluster_id: { type: 'ref', label: { zh_CN: '集群', en: 'Cluster' }, ref: { resource: 'system.cluster' }, required: true },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'org_id', width: 220, render: 'refLabel' },
      { field: 'cluster_id', width: 220, render: 'refLabel' },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'org_id', kind: 'eq' }, { field: 'cluster_id', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: { columns: 1, sections: [{ fields: ['org_id', 'cluster_id'] }] },
  io: { export: ['id', 'org_id', 'cluster_id', 'created_at'] },
  example: { org_id: 1, cluster_id: 1 },
});
