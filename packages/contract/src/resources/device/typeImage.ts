import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, sortField, statusField } from '../common';
import { FAMILY_OPTIONS } from './model';

/**
 * `/admin/productManage/type_image`: the platform's picture of each device family, shown by the console and the
 * public warranty page. Platform catalogue data: only the platform writes it.
 */
export const typeImageResource = declareResource({
  key: 'device.type_image',
  path: '/admin/productManage/type_image',
  title: { zh_CN: '类型图片', en: 'Type images' },
  scope: 'platform',
  fields: {
    id: idField,
    family: { type: 'select', label: { zh_CN: '设备类型', en: 'Device family' }, required: true, options: FAMILY_OPTIONS },
    image: { type: 'image', label: { zh_CN: '图片', en: 'Image' }, required: true, max: 500 },
    title_zh: { type: 'text', label: { zh_CN: '中文标题', en: 'Title (Chinese)' }, required: true, max: 64 },
    title_en: { type: 'text', label: { zh_CN: '英文标题', en: 'Title (English)' }, required: true, max: 64 },
    sort: sortField,
    status: statusField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove'],
  list: {
    columns: [
      { field: 'image', width: 80 },
      { field: 'family', width: 160 },
      { field: 'title_zh', width: 160 },
      { field: 'title_en', width: 180 },
      { field: 'sort', width: 90, sortable: true },
      { field: 'status', width: 90 },
    ],
    filters: [{ field: 'family', kind: 'eq' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['family', 'image', 'title_zh', 'title_en', 'sort'] }] },
  actions: [...enableDisableActions('status', { zh_CN: '图片', en: 'images' })],
  example: { family: 'ig', image: 'https://example.com/ig.png', title_zh: '融合网关', title_en: 'Integrated gateway', sort: 1 },
  page: { area: 'equipment', key: 'typeImage', after: 'maintenance', icon: 'AppstoreOutlined' },
});
