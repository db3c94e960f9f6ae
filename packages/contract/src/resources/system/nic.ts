import { declareResource } from '../types';

/**
 * The nic page: network interfaces of the server answering, so operators can see which addresses devices and
 * gateways must reach. Read-only and live (no table); the host field tells instances behind a load balancer apart.
 */
export const nicResource = declareResource({
  key: 'system.nic',
  path: '/admin/system/nic',
  title: { zh_CN: '网卡管理', en: 'Network interfaces' },
  scope: 'platform',
  fields: {
    id: { type: 'integer', label: { zh_CN: '序号', en: 'No.' }, editable: 'never' },
    host: { type: 'text', label: { zh_CN: '主机', en: 'Host' }, editable: 'never' },
    name: { type: 'text', label: { zh_CN: '网卡', en: 'Interface' }, editable: 'never' },
    family: { type: 'text', label: { zh_CN: '协议', en: 'Family' }, editable: 'never' },
    address: { type: 'text', label: { zh_CN: '地址', en: 'Address' }, editable: 'never' },
    netmask: { type: 'text', label: { zh_CN: '子网掩码', en: 'Netmask' }, editable: 'never' },
    mac: { type: 'text', label: { zh_CN: 'MAC 地址', en: 'MAC address' }, editable: 'never' },
    internal: { type: 'boolean', label: { zh_CN: '内部', en: 'Internal' }, editable: 'never' },
  },
  operations: ['list'],
  list: {
    columns: [
      { field: 'host', width: 160 },
      { field: 'name', width: 120, sortable: true },
      { field: 'family', width: 90 },
      { field: 'address', width: 260 },
      { field: 'netmask', width: 200 },
      { field: 'mac', width: 170 },
      { field: 'internal', width: 90 },
    ],
    filters: [],
    defaultSort: { field: 'name', order: 'asc' },
  },
});
