import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, sortField, statusField } from '../common';

/** `/admin/system/cloud_app`: the catalogue of cloud applications organisations can order. */
export const cloudAppResource = declareResource({
  key: 'system.cloud_app',
  path: '/admin/system/cloud_app',
  title: { zh_CN: '云应用', en: 'Cloud apps' },
  scope: 'platform',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, required: true, max: 64 },
    code: { type: 'text', label: { zh_CN: '编码', en: 'Code' }, required: true, rule: 'identifier', max: 32, editable: 'add' },
    icon: { type: 'image', label: { zh_CN: '图标', en: 'Icon' } },
    url: { type: 'text', label: { zh_CN: '访问地址', en: 'Address' }, rule: 'httpLink', max: 2048 },
    price: { type: 'number', label: { zh_CN: '单价（元）', en: 'Price (CNY)' }, min: 0, max: 10_000_000, default: 0 },
    description: { type: 'textarea', label: { zh_CN: '简介', en: 'Description' }, max: 2000 },
    sort: sortField,
    status: statusField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'icon', width: 80, render: 'image' },
      { field: 'name', width: 180, sortable: true },
      { field: 'code', width: 120 },
      { field: 'price', width: 120, sortable: true },
      { field: 'sort', width: 80, sortable: true },
      { field: 'status', width: 100 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'code', 'icon', 'url', 'price', 'sort', 'description'] }] },
  actions: enableDisableActions('status', { zh_CN: '云应用', en: 'cloud apps' }),
  picker: { label: ['name'], search: ['name'], open: true },
  io: { export: ['id', 'name', 'code', 'url', 'price', 'sort', 'status', 'description'] },
  example: { name: 'Example app', code: 'example_app', price: 99.5 },
  /** Orders are records of sale: an app that was ordered stays (disable it instead). */
  usedBy: [{ resource: 'system.order', field: 'cloud_app_id', onRemove: 'refuse', label: { zh_CN: '订单', en: 'orders' }, name: 'order_no' }],
});
