import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField, remarkField } from '../common';

export const MAINTENANCE_HANDLING_OPTIONS: readonly OptionDecl[] = [
  { value: 'repair', label: { zh_CN: '维修', en: 'Repair' } },
  { value: 'replace', label: { zh_CN: '换货', en: 'Replace' } },
  { value: 'refund', label: { zh_CN: '退款', en: 'Refund' } },
];

/** received → in repair → returned; closed from received or in repair (no further work). */
export const MAINTENANCE_STATE_OPTIONS: readonly OptionDecl[] = [
  { value: 'received', label: { zh_CN: '已接收', en: 'Received' }, color: 'blue' },
  { value: 'in_repair', label: { zh_CN: '维修中', en: 'In repair' }, color: 'orange' },
  { value: 'returned', label: { zh_CN: '已寄回', en: 'Returned' }, color: 'green' },
  { value: 'closed', label: { zh_CN: '已关闭', en: 'Closed' }, color: 'default' },
];

/**
 * `/admin/productManage/maintenance`: the organisation's maintenance and warranty records. The state moves only by
 * the declared actions; `returned_at` is set when the unit is returned. Cost is in integer cents.
 */
export const maintenanceResource = declareResource({
  key: 'device.maintenance',
  path: '/admin/productManage/maintenance',
  title: { zh_CN: '维修记录', en: 'Maintenance' },
  scope: 'org',
  fields: {
    id: idField,
    serial: { type: 'text', label: { zh_CN: '设备序列号', en: 'Device serial' }, required: true, rule: 'serial', min: 3, max: 64 },
    fault: { type: 'textarea', label: { zh_CN: '故障描述', en: 'Fault' }, required: true, max: 1000 },
    handling: { type: 'select', label: { zh_CN: '处理方式', en: 'Handling' }, options: MAINTENANCE_HANDLING_OPTIONS, default: 'repair' },
    state: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: MAINTENANCE_STATE_OPTIONS, editable: 'never', default: 'received' },
    engineer: { type: 'text', label: { zh_CN: '维修工程师', en: 'Engineer' }, max: 64 },
    received_at: { type: 'datetime', label: { zh_CN: '接收时间', en: 'Received at' }, required: true },
    returned_at: { type: 'datetime', label: { zh_CN: '寄回时间', en: 'Returned at' }, editable: 'never' },
    cost: {
      type: 'integer', label: { zh_CN: '费用（分）', en: 'Cost (cents)' }, min: 0, max: 100_000_000, default: 0,
      help: { zh_CN: '以分为单位的整数', en: 'An integer number of cents' },
    },
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'serial', width: 180, sortable: true, fixed: 'left' },
      { field: 'fault', ellipsis: true },
      { field: 'handling', width: 100 },
      { field: 'state', width: 100 },
      { field: 'engineer', width: 120 },
      { field: 'received_at', width: 180, sortable: true },
      { field: 'returned_at', width: 180 },
      { field: 'cost', width: 110 },
    ],
    filters: [
      { field: 'serial', kind: 'prefix' },
      { field: 'state', kind: 'eq' },
      { field: 'handling', kind: 'eq' },
      { field: 'received_at', kind: 'range' },
    ],
    keyword: { fields: ['serial'], placeholder: { zh_CN: '序列号', en: 'Serial' } },
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['serial', 'handling', 'engineer', 'received_at', 'cost', 'fault', 'remark'] }] },
  actions: [
    {
      name: 'start', label: { zh_CN: '开始维修', en: 'Start repair' }, placement: 'row',
      transition: { field: 'state', from: ['received'], to: 'in_repair' },
    },
    {
      name: 'return', label: { zh_CN: '寄回', en: 'Return' }, placement: 'row',
      transition: { field: 'state', from: ['in_repair'], to: 'returned' },
      confirm: { zh_CN: '确定设备已寄回吗？', en: 'Mark the unit as returned?' },
    },
    {
      name: 'close', label: { zh_CN: '关闭', en: 'Close' }, placement: 'row', danger: true,
      transition: { field: 'state', from: ['received', 'in_repair'], to: 'closed' },
      confirm: { zh_CN: '确定关闭该维修记录吗？', en: 'Close this record?' },
    },
  ],
  io: {
    import: ['serial', 'fault', 'handling', 'engineer', 'received_at', 'cost', 'remark'],
    export: ['id', 'serial', 'fault', 'handling', 'state', 'engineer', 'received_at', 'returned_at', 'cost', 'remark'],
  },
  example: { serial: 'MT-EXAMPLE-0001', fault: 'No power', handling: 'repair', engineer: 'Li Lei', received_at: '2026-01-02T00:00:00Z', cost: 5000 },
  page: { area: 'equipment', key: 'maintenance', after: 'deviceAuth', icon: 'SettingOutlined' },
});
