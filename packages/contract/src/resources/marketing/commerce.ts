import { declareResource } from '../types';
import { centsField, createdAtField, enableDisableActions, idField, orgField, remarkField, sortField, statusField } from '../common';


/** `/admin/marketing/package`: the platform's service packages organisations order. */
export const packageResource = declareResource({
  key: 'marketing.package',
  path: '/admin/marketing/package',
  title: { zh_CN: '套餐管理', en: 'Packages' },
  scope: 'platform',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '套餐名称', en: 'Name' }, required: true, max: 64 },
    price_cents: centsField('价格', 'Price', { required: true }),
    term_months: { type: 'integer', label: { zh_CN: '期限（月）', en: 'Term (months)' }, required: true, min: 1, max: 120, default: 12 },
    devices: { type: 'integer', label: { zh_CN: '含设备数', en: 'Devices included' }, min: 0, max: 1_000_000, default: 0 },
    sms: { type: 'integer', label: { zh_CN: '含短信条数', en: 'SMS included' }, min: 0, max: 100_000_000, default: 0 },
    description: { type: 'textarea', label: { zh_CN: '说明', en: 'Description' }, max: 2000 },
    sort: sortField,
    status: statusField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'name', width: 180, sortable: true, priority: 1 },
      { field: 'price_cents', width: 130, sortable: true, render: 'cents', priority: 1 },
      { field: 'term_months', width: 120 },
      { field: 'devices', width: 120 },
      { field: 'sms', width: 120 },
      { field: 'sort', width: 80, sortable: true },
      { field: 'status', width: 100 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'price_cents', 'term_months', 'devices', 'sms', 'sort', 'description'] }] },
  actions: enableDisableActions('status', { zh_CN: '套餐', en: 'packages' }),
  picker: { label: ['name'], search: ['name'], open: true },
  io: { export: ['id', 'name', 'price_cents', 'term_months', 'devices', 'sms', 'sort', 'status', 'description'] },
  example: { name: 'Basic 12 months', price_cents: 99_900, term_months: 12, devices: 10, sms: 1000 },
  usedBy: [{ resource: 'marketing.order', field: 'package_id', onRemove: 'refuse', label: { zh_CN: '运营订单', en: 'operation orders' }, name: 'order_no' }],
});

export const UNIT_DEVICE_MONTH = 'device_month';
export const UNIT_SMS = 'sms';
export const UNIT_STORAGE = 'storage_gb_month';

/** `/admin/marketing/unit_price`: operating unit prices: what one device-month, one SMS … costs beyond a package. */
export const unitPriceResource = declareResource({
  key: 'marketing.unit_price',
  path: '/admin/marketing/unit_price',
  title: { zh_CN: '运营单价', en: 'Operating unit prices' },
  scope: 'platform',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, required: true, max: 64 },
    unit: {
      type: 'select', label: { zh_CN: '计价单位', en: 'Unit' }, required: true, default: UNIT_DEVICE_MONTH,
      options: [
        { value: UNIT_DEVICE_MONTH, label: { zh_CN: '设备·月', en: 'Device-month' } },
        { value: UNIT_SMS, label: { zh_CN: '条短信', en: 'SMS' } },
        { value: UNIT_STORAGE, label: { zh_CN: 'GB·月存储', en: 'GB-month of storage' } },
      ],
    },
    price_cents: centsField('单价', 'Unit price', { required: true }),
    status: statusField,
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'name', width: 180, sortable: true, priority: 1 },
      { field: 'unit', width: 140 },
      { field: 'price_cents', width: 130, sortable: true, render: 'cents', priority: 1 },
      { field: 'status', width: 100 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'unit', kind: 'eq' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'unit', 'price_cents', 'remark'] }] },
  actions: enableDisableActions('status', { zh_CN: '单价', en: 'unit prices' }),
  picker: { label: ['name'], search: ['name'], open: true },
  io: { export: ['id', 'name', 'unit', 'price_cents', 'status', 'remark', 'created_at'] },
  example: { name: 'Extra device', unit: UNIT_DEVICE_MONTH, price_cents: 500 },
  usedBy: [{ resource: 'marketing.order', field: 'unit_price_id', onRemove: 'refuse', label: { zh_CN: '运营订单', en: 'operation orders' }, name: 'order_no' }],
});

export const OP_ORDER_CREATED = 0;
export const OP_ORDER_PAID = 1;
export const OP_ORDER_CANCELED = 2;
export const OP_ORDER_REFUNDED = 3;

/**
 * `/admin/marketing/order`: the organisation's operation orders: a package, or units at an operating unit price,
 * times a quantity, priced by the server in cents. created → paid → refunded; created → canceled. Payment and
 * refund come from the payment side: only the platform runs them.
 */
export const operationOrderResource = declareResource({
  key: 'marketing.order',
  path: '/admin/marketing/order',
  title: { zh_CN: '运营订单', en: 'Operation orders' },
  scope: 'org',
  platformSeesAll: true,
  fields: {
    id: idField,
    order_no: { type: 'text', label: { zh_CN: '订单号', en: 'Order number' }, editable: 'never' },
    org_id: orgField,
    package_id: {
      type: 'ref', label: { zh_CN: '套餐', en: 'Package' }, ref: { resource: 'marketing.package' }, editable: 'add',
      help: { zh_CN: '套餐与运营单价二选一', en: 'Choose a package or a unit price, not both' },
    },
    unit_price_id: { type: 'ref', label: { zh_CN: '运营单价', en: 'Unit price' }, ref: { resource: 'marketing.unit_price' }, editable: 'add' },
    quantity: { type: 'integer', label: { zh_CN: '数量', en: 'Quantity' }, required: true, min: 1, max: 1_000_000, default: 1, editable: 'add' },
    amount_cents: { type: 'integer', label: { zh_CN: '金额（分）', en: 'Amount (fen)' }, editable: 'never' },
    status: {
      type: 'select', label: { zh_CN: '状态', en: 'Status' }, editable: 'never', default: OP_ORDER_CREATED,
      options: [
        { value: OP_ORDER_CREATED, label: { zh_CN: '待支付', en: 'Created' }, color: 'orange' },
        { value: OP_ORDER_PAID, label: { zh_CN: '已支付', en: 'Paid' }, color: 'green' },
        { value: OP_ORDER_CANCELED, label: { zh_CN: '已取消', en: 'Canceled' }, color: 'default' },
        { value: OP_ORDER_REFUNDED, label: { zh_CN: '已退款', en: 'Refunded' }, color: 'purple' },
      ],
    },
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'export'],
  list: {
    columns: [
      { field: 'order_no', width: 200, sortable: true, priority: 1 },
      { field: 'org_id', width: 180, render: 'refLabel' },
      { field: 'package_id', width: 160, render: 'refLabel' },
      { field: 'unit_price_id', width: 160, render: 'refLabel' },
      { field: 'quantity', width: 90 },
      { field: 'amount_cents', width: 130, sortable: true, render: 'cents', priority: 1 },
      { field: 'status', width: 100 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'order_no', kind: 'prefix' }, { field: 'status', kind: 'eq' }, { field: 'created_at', kind: 'range' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['package_id', 'unit_price_id', 'quantity', 'remark'] }] },
  actions: [
    {
      name: 'pay', label: { zh_CN: '确认支付', en: 'Mark paid' }, placement: 'row', platform: true,
      transition: { field: 'status', from: [OP_ORDER_CREATED], to: OP_ORDER_PAID },
      confirm: { zh_CN: '确认该订单已支付？', en: 'Mark this order as paid?' },
    },
    {
      name: 'refund', label: { zh_CN: '退款', en: 'Refund' }, placement: 'row', platform: true, danger: true,
      transition: { field: 'status', from: [OP_ORDER_PAID], to: OP_ORDER_REFUNDED },
      confirm: { zh_CN: '确认该订单已退款？', en: 'Mark this order as refunded?' },
    },
    {
      name: 'cancel', label: { zh_CN: '取消订单', en: 'Cancel order' }, placement: 'both', danger: true,
      transition: { field: 'status', from: [OP_ORDER_CREATED], to: OP_ORDER_CANCELED },
      confirm: { zh_CN: '确定取消所选订单吗？', en: 'Cancel the selected orders?' },
    },
  ],
  io: { export: ['id', 'order_no', 'org_id', 'package_id', 'unit_price_id', 'quantity', 'amount_cents', 'status', 'remark', 'created_at'] },
  example: { package_id: 1, quantity: 2 },
});
