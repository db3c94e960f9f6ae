import { declareResource } from '../types';
import { createdAtField, idField, orgField, remarkField } from '../common';

export const ORDER_PENDING = 0;
export const ORDER_PAID = 1;
export const ORDER_CANCELLED = 2;

/** `/admin/system/order`: the organisation's orders of cloud apps: pending → paid, or pending → cancelled. */
export const orderResource = declareResource({
  key: 'system.order',
  path: '/admin/system/order',
  title: { zh_CN: '订单管理', en: 'Orders' },
  scope: 'org',
  // Payment is confirmed by the platform (or a payment provider), which sees every organisation's orders.
  platformSeesAll: true,
  fields: {
    id: idField,
    order_no: { type: 'text', label: { zh_CN: '订单号', en: 'Order number' }, editable: 'never' },
    org_id: orgField,
    cloud_app_id: { type: 'ref', label: { zh_CN: '云应用', en: 'Cloud app' }, ref: { resource: 'system.cloud_app' }, required: true, editable: 'add' },
    quantity: { type: 'integer', label: { zh_CN: '数量', en: 'Quantity' }, required: true, min: 1, max: 10_000, default: 1, editable: 'add' },
    amount: { type: 'number', label: { zh_CN: '金额（元）', en: 'Amount (CNY)' }, editable: 'never' },
    status: {
      type: 'select', label: { zh_CN: '状态', en: 'Status' }, editable: 'never', default: ORDER_PENDING,
      options: [
        { value: ORDER_PENDING, label: { zh_CN: '待支付', en: 'Pending' }, color: 'orange' },
        { value: ORDER_PAID, label: { zh_CN: '已支付', en: 'Paid' }, color: 'green' },
        { value: ORDER_CANCELLED, label: { zh_CN: '已取消', en: 'Cancelled' }, color: 'default' },
      ],
    },
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'export'],
  list: {
    columns: [
      { field: 'order_no', width: 200, sortable: true },
      { field: 'org_id', width: 180, render: 'refLabel' },
      { field: 'cloud_app_id', width: 180, render: 'refLabel' },
      { field: 'quantity', width: 90 },
      { field: 'amount', width: 120, sortable: true },
      { field: 'status', width: 100 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'order_no', kind: 'prefix' }, { field: 'status', kind: 'eq' }, { field: 'created_at', kind: 'range' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['cloud_app_id', 'quantity', 'remark'] }] },
  actions: [
    {
      name: 'pay', label: { zh_CN: '确认支付', en: 'Mark paid' }, placement: 'row', platform: true,
      transition: { field: 'status', from: [ORDER_PENDING], to: ORDER_PAID },
      confirm: { zh_CN: '确认该订单已支付？', en: 'Mark this order as paid?' },
    },
    {
      name: 'cancel', label: { zh_CN: '取消订单', en: 'Cancel order' }, placement: 'both', danger: true,
      transition: { field: 'status', from: [ORDER_PENDING], to: ORDER_CANCELLED },
      confirm: { zh_CN: '确定取消所选订单吗？', en: 'Cancel the selected orders?' },
    },
  ],
  io: { export: ['id', 'order_no', 'org_id', 'cloud_app_id', 'quantity', 'amount', 'status', 'remark', 'created_at'] },
  example: { cloud_app_id: 1, quantity: 2 },
});
