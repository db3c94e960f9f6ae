import { declareResource, type OptionDecl } from '../types';
import { booleanOptions, createdAtField, idField, remarkField, updatedAtField } from '../common';

/** What a VLAN of a project's network carries. */
export const NETWORK_PURPOSE_OPTIONS: readonly OptionDecl[] = [
  { value: 'guest', label: { zh_CN: '访客', en: 'Guests' }, color: 'green' },
  { value: 'staff', label: { zh_CN: '员工', en: 'Staff' }, color: 'blue' },
  { value: 'iot', label: { zh_CN: '物联网', en: 'IoT' }, color: 'orange' },
  { value: 'management', label: { zh_CN: '设备管理', en: 'Management' }, color: 'purple' },
  { value: 'voice', label: { zh_CN: '语音', en: 'Voice' }, color: 'cyan' },
];

/**
 * SPEC §7 `/admin/business/networking`: a project's network plan, one row per VLAN of a site — its id, IPv4 subnet
 * (kept as its network address), gateway, purpose and whether DHCP serves it. A VLAN id is used once per site of a
 * project, the subnets of one project never overlap, and the gateway is a host address inside its subnet.
 */
export const networkingResource = declareResource({
  key: 'business.networking',
  path: '/admin/business/networking',
  title: { zh_CN: '组网规划', en: 'Network plan' },
  scope: 'org',
  fields: {
    id: idField,
    project_id: { type: 'ref', label: { zh_CN: '项目', en: 'Project' }, ref: { resource: 'business.project' }, required: true, editable: 'add' },
    site: {
      type: 'text', label: { zh_CN: '站点', en: 'Site' }, required: true, max: 64,
      placeholder: { zh_CN: '如：主楼、1 号机房', en: 'e.g. Main building, Server room 1' },
    },
    vlan_id: { type: 'integer', label: { zh_CN: 'VLAN ID', en: 'VLAN ID' }, required: true, min: 1, max: 4094 },
    subnet: {
      type: 'text', label: { zh_CN: '网段', en: 'Subnet' }, required: true, max: 18,
      placeholder: { zh_CN: '如 192.168.10.0/24', en: 'e.g. 192.168.10.0/24' },
      help: { zh_CN: 'IPv4 CIDR，前缀 /8 至 /30，保存为网络地址', en: 'IPv4 CIDR, prefix /8 to /30, saved as its network address' },
    },
    gateway_ip: {
      type: 'text', label: { zh_CN: '网关', en: 'Gateway' }, max: 15,
      placeholder: { zh_CN: '如 192.168.10.1', en: 'e.g. 192.168.10.1' },
      help: { zh_CN: '网段内的主机地址', en: 'A host address inside the subnet' },
    },
    purpose: { type: 'select', label: { zh_CN: '用途', en: 'Purpose' }, options: NETWORK_PURPOSE_OPTIONS, default: 'guest' },
    dhcp: { type: 'select', label: { zh_CN: 'DHCP', en: 'DHCP' }, options: booleanOptions, default: 1 },
    remark: remarkField,
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'project_id', width: 180, render: 'refLabel', priority: 1 },
      { field: 'site', width: 140, priority: 1 },
      { field: 'vlan_id', width: 100, sortable: true, priority: 1 },
      { field: 'subnet', width: 160, priority: 1 },
      { field: 'gateway_ip', width: 140 },
      { field: 'purpose', width: 110 },
      { field: 'dhcp', width: 90 },
      { field: 'remark', ellipsis: true, priority: 3 },
    ],
    filters: [{ field: 'project_id', kind: 'eq' }, { field: 'site', kind: 'prefix' }, { field: 'purpose', kind: 'eq' }],
    defaultSort: { field: 'vlan_id', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['project_id', 'site', 'vlan_id', 'purpose', 'subnet', 'gateway_ip', 'dhcp', 'remark'] }] },
  io: {
    import: ['project_id', 'site', 'vlan_id', 'subnet', 'gateway_ip', 'purpose', 'dhcp', 'remark'],
    export: ['project_id', 'site', 'vlan_id', 'subnet', 'gateway_ip', 'purpose', 'dhcp', 'remark', 'created_at'],
  },
  example: { project_id: 1, site: 'Main building', vlan_id: 10, subnet: '192.168.10.0/24', gateway_ip: '192.168.10.1', purpose: 'guest', dhcp: 1 },
  page: { area: 'business', key: 'networking', after: 'portalPlatform', icon: 'ClusterOutlined' },
});
