import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, sortField, statusField } from '../common';

/** `/admin/productManage/manufacturer_image`: the platform's manufacturer logos. Platform catalogue data. */
export const manufacturerImageResource = declareResource({
  key: 'device.manufacturer_image',
  path: '/admin/productManage/manufacturer_image',
  title: { zh_CN: '厂商图片', en: 'Manufacturer logos' },
  scope: 'platform',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '厂商名称', en: 'Manufacturer' }, required: true, max: 64 },
    logo: { type: 'image', label: { zh_CN: '标志', en: 'Logo' }, required: true, max: 500 },
    website: { type: 'text', label: { zh_CN: '官网', en: 'Website' }, rule: 'httpLink', max: 255 },
    sort: sortField,
    status: statusField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove'],
  list: {
    columns: [
      { field: 'logo', width: 80 },
      { field: 'name', width: 180, sortable: true },
      { field: 'website', ellipsis: true },
      { field: 'sort', width: 90, sortable: true },
      { field: 'status', width: 90 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    keyword: { fields: ['name'], placeholder: { zh_CN: '厂商名称', en: 'Manufacturer' } },
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'logo', 'website', 'sort'] }] },
  actions: [...enableDisableActions('status', { zh_CN: '厂商图片', en: 'logos' })],
  example: { name: 'Example Networks', logo: 'https://example.com/logo.png', website: 'https://example.com', sort: 1 },
  page: { area: 'equipment', key: 'manufacturerImage', after: 'typeImage', icon: 'ShopOutlined' },
});
