import { declareResource, type OptionDecl } from '../types';
import { centsField, createdAtField, idField, remarkField } from '../common';

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

/** Largest labour charge of one record, in cents (¥1,000,000; the old `cost` cap). */
export const MAINTENANCE_LABOUR_MAX_CENTS = 100_000_000;
/** Largest unit price of a part, in cents (¥1,000,000). */
export const MAINTENANCE_PART_PRICE_MAX_CENTS = 100_000_000;
/** Largest quantity of one part line. */
export const MAINTENANCE_PART_QUANTITY_MAX = 999;
/** Part lines one record may hold. */
export const MAINTENANCE_PARTS_MAX = 50;
/**
 * Largest total cost of one record, in cents (¥20,000,000): it fits the integer column, and every sum below it is an
 * exact integer (inputs are capped above, so the uncapped sum stays far below 2^53 before the check).
 */
export const MAINTENANCE_COST_MAX_CENTS = 2_000_000_000;

/** A record's cost: labour plus Σ quantity × unit price, exact in integer cents (the server's and the tests'). */
export function maintenanceCostCents(labourCents: number, parts: readonly { quantity: number; unit_cents: number }[]): number {
  return parts.reduce((sum, p) => sum + p.quantity * p.unit_cents, labourCents);
}

/**
 * `/admin/productManage/maintenance`: the organisation's maintenance and warranty records. The state moves only by
 * the declared actions; `returned_at` is set when the unit is returned. Money is in integer cents: `cost` is the
 * server's (labour + parts, `device.maintenance_part`); `device_id` is the organisation's registered device with
 * the record's serial, resolved by the server on every add and update (null when the serial is not registered).
 */
export const maintenanceResource = declareResource({
  key: 'device.maintenance',
  path: '/admin/productManage/maintenance',
  title: { zh_CN: '维修记录', en: 'Maintenance' },
  scope: 'org',
  fields: {
    id: idField,
    serial: { type: 'text', label: { zh_CN: '设备序列号', en: 'Device serial' }, required: true, rule: 'serial', min: 3, max: 64 },
    device_id: {
      type: 'ref', label: { zh_CN: '设备', en: 'Device' }, ref: { resource: 'device.binding' }, editable: 'never',
      help: { zh_CN: '按序列号自动关联本组织已登记的设备', en: 'The organisation\'s registered device with this serial, linked automatically' },
    },
    fault: { type: 'textarea', label: { zh_CN: '故障描述', en: 'Fault' }, required: true, max: 1000 },
    action_taken: { type: 'textarea', label: { zh_CN: '处理措施', en: 'Action taken' }, max: 1000 },
    handling: { type: 'select', label: { zh_CN: '处理方式', en: 'Handling' }, options: MAINTENANCE_HANDLING_OPTIONS, default: 'repair' },
    state: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: MAINTENANCE_STATE_OPTIONS, editable: 'never', default: 'received' },
    engineer: { type: 'text', label: { zh_CN: '维修工程师', en: 'Engineer' }, max: 64 },
    received_at: { type: 'datetime', label: { zh_CN: '接收时间', en: 'Received at' }, required: true },
    returned_at: { type: 'datetime', label: { zh_CN: '寄回时间', en: 'Returned at' }, editable: 'never' },
    labour_cents: centsField('人工费', 'Labour', { max: MAINTENANCE_LABOUR_MAX_CENTS, default: 0 }),
    // The server's: labour + parts. Accepted on add and import only as the old-style charge (it becomes the labour
    // when no labour is given), so files and clients written before labour and parts keep working. Its labels stay
    // the old ones, so old spreadsheets' headers still name it.
    cost: centsField('费用', 'Cost', {
      label: { zh_CN: '费用（分）', en: 'Cost (cents)' }, max: MAINTENANCE_COST_MAX_CENTS, editable: 'add',
      help: { zh_CN: '人工费 + 配件费，由系统计算', en: 'Labour + parts, computed by the system' },
    }),
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'serial', width: 180, sortable: true, fixed: 'left' },
      { field: 'device_id', width: 200, render: 'refLabel', priority: 3 },
      { field: 'fault', ellipsis: true },
      { field: 'action_taken', ellipsis: true, priority: 3 },
      { field: 'handling', width: 100 },
      { field: 'state', width: 100 },
      { field: 'engineer', width: 120 },
      { field: 'received_at', width: 180, sortable: true },
      { field: 'returned_at', width: 180 },
      { field: 'labour_cents', width: 120, render: 'cents', priority: 3 },
      { field: 'cost', width: 120, render: 'cents' },
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
  form: { columns: 2, sections: [{ fields: ['serial', 'handling', 'engineer', 'received_at', 'labour_cents', 'fault', 'action_taken', 'remark'] }] },
  detail: {
    sections: [
      { fields: ['id', 'serial', 'device_id', 'handling', 'state', 'engineer', 'received_at', 'returned_at', 'created_at'] },
      { title: { zh_CN: '维修内容', en: 'Work' }, fields: ['fault', 'action_taken', 'remark'] },
      { title: { zh_CN: '费用', en: 'Cost' }, fields: ['labour_cents', 'cost'] },
    ],
    tabs: [{ key: 'maintenanceParts', title: { zh_CN: '配件', en: 'Parts' } }],
  },
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
    import: ['serial', 'fault', 'action_taken', 'handling', 'engineer', 'received_at', 'labour_cents', 'cost', 'remark'],
    export: ['id', 'serial', 'device_id', 'fault', 'action_taken', 'handling', 'state', 'engineer', 'received_at', 'returned_at', 'labour_cents', 'cost', 'remark'],
  },
  example: { serial: 'MT-EXAMPLE-0001', fault: 'No power', action_taken: 'Replaced the power board', handling: 'repair', engineer: 'Li Lei', received_at: '2026-01-02T00:00:00Z', labour_cents: 5000 },
  picker: { label: ['serial', 'fault'], search: ['serial'] },
  usedBy: [
    { resource: 'device.maintenance_part', field: 'maintenance_id', onRemove: 'ask', label: { zh_CN: '配件', en: 'parts' }, name: 'name' },
  ],
  page: { area: 'equipment', key: 'maintenance', after: 'deviceAuth', icon: 'SettingOutlined', alsoResources: ['device.maintenance_part'] },
});

/**
 * `/admin/productManage/maintenance/part`: the parts one maintenance record used — a name, a quantity and a unit
 * price; the line's amount and the record's cost are the server's.
 */
export const maintenancePartResource = declareResource({
  key: 'device.maintenance_part',
  path: '/admin/productManage/maintenance/part',
  title: { zh_CN: '维修配件', en: 'Maintenance parts' },
  scope: 'org',
  fields: {
    id: idField,
    maintenance_id: { type: 'ref', label: { zh_CN: '维修记录', en: 'Maintenance record' }, ref: { resource: 'device.maintenance' }, required: true, editable: 'add' },
    name: { type: 'text', label: { zh_CN: '配件名称', en: 'Part' }, required: true, max: 100 },
    quantity: { type: 'integer', label: { zh_CN: '数量', en: 'Quantity' }, required: true, min: 1, max: MAINTENANCE_PART_QUANTITY_MAX, default: 1 },
    unit_cents: centsField('单价', 'Unit price', { required: true, max: MAINTENANCE_PART_PRICE_MAX_CENTS }),
    amount_cents: centsField('金额', 'Amount', { editable: 'never' }),
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove'],
  list: {
    columns: [
      { field: 'name', width: 220, priority: 1 },
      { field: 'quantity', width: 90, priority: 1 },
      { field: 'unit_cents', width: 130, render: 'cents' },
      { field: 'amount_cents', width: 140, render: 'cents', priority: 1 },
    ],
    filters: [{ field: 'maintenance_id', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['maintenance_id', 'name', 'quantity', 'unit_cents'] }] },
  example: { maintenance_id: 1, name: 'Power board', quantity: 1, unit_cents: 3500 },
});
