import { declareResource } from '../types';
import { createdAtField, idField, updatedAtField } from '../common';

/**
 * `/admin/device/gateway_place` (SPEC §7): an organisation's places — a room or floor served by one of its integrated
 * gateways (family `ig`). Smart-control scenes belong to a place and are sent to its gateway.
 */
export const gatewayPlaceResource = declareResource({
  key: 'device.gateway_place',
  path: '/admin/device/gateway_place',
  title: { zh_CN: '场所', en: 'Places' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '场所名称', en: 'Place name' }, required: true, max: 64 },
    gateway_id: {
      type: 'ref', label: { zh_CN: '网关', en: 'Gateway' }, ref: { resource: 'device.binding' }, required: true,
      help: { zh_CN: '本组织的融合网关（ig）', en: 'An integrated gateway (ig) of the organisation' },
    },
    room: { type: 'text', label: { zh_CN: '房间/楼层', en: 'Room / floor' }, max: 64, default: '' },
    note: { type: 'textarea', label: { zh_CN: '备注', en: 'Note' }, max: 500, default: '' },
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove'],
  list: {
    columns: [
      { field: 'name', width: 200, sortable: true, priority: 1 },
      { field: 'gateway_id', width: 200 },
      { field: 'room', width: 160 },
      { field: 'note', ellipsis: true },
      { field: 'updated_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'gateway_id', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: { columns: 1, sections: [{ fields: ['name', 'gateway_id', 'room', 'note'] }] },
  picker: { label: ['name'], search: ['name'], open: true },
  example: { name: 'Living room', gateway_id: 1, room: '1F' },
  page: { area: 'equipment', key: 'gatewayPlace', path: 'gateway_place', after: 'group', icon: 'AppstoreOutlined' },
});
