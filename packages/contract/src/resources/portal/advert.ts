import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, sortField, statusField } from '../common';

/**
 * `/admin/other_business/adv_list` (SPEC §7): the organisation's advertisements on the guest pages (/wifilogin),
 * each in one of its ad slots (`adSlot.ts`, which prices views and clicks). An ad shows while enabled and inside its
 * schedule, in an enabled slot, at its place or at every place when it names none; the image is uploaded with the
 * `upload` method of the same endpoint. Views and clicks are counted per ad (`views`, `clicks`: all time).
 */
export const portalAdvertResource = declareResource({
  key: 'portal.advert',
  path: '/admin/other_business/adv_list',
  title: { zh_CN: '广告管理', en: 'Advertising' },
  scope: 'org',
  fields: {
    id: idField,
    title: { type: 'text', label: { zh_CN: '标题', en: 'Title' }, required: true, max: 64 },
    slot_id: { type: 'ref', label: { zh_CN: '广告位', en: 'Ad slot' }, ref: { resource: 'portal.ad_slot' }, required: true },
    image: {
      type: 'image', label: { zh_CN: '图片', en: 'Image' }, required: true, max: 2048, widget: 'advertImage',
      help: { zh_CN: 'JPG 或 PNG，小于 10MB，建议 1920×1080', en: 'JPG or PNG under 10 MB, 1920×1080 recommended' },
    },
    link: { type: 'text', label: { zh_CN: '链接', en: 'Link' }, rule: 'httpLink', max: 2048, default: '' },
    place: {
      type: 'text', label: { zh_CN: '场所', en: 'Place' }, max: 64, default: '',
      help: { zh_CN: '留空则在所有场所展示', en: 'Empty shows it at every place' },
    },
    starts_at: { type: 'datetime', label: { zh_CN: '开始时间', en: 'Starts' }, required: true },
    ends_at: { type: 'datetime', label: { zh_CN: '结束时间', en: 'Ends' }, required: true },
    sort: sortField,
    status: statusField,
    views: { type: 'integer', label: { zh_CN: '展示次数', en: 'Views' }, editable: 'never' },
    clicks: { type: 'integer', label: { zh_CN: '点击次数', en: 'Clicks' }, editable: 'never' },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'title', width: 200, priority: 1 },
      { field: 'slot_id', width: 150, priority: 1 },
      { field: 'image', width: 120 },
      { field: 'place', width: 140 },
      { field: 'starts_at', width: 180, sortable: true },
      { field: 'ends_at', width: 180, sortable: true },
      { field: 'sort', width: 90, sortable: true, priority: 3 },
      { field: 'views', width: 110, sortable: true },
      { field: 'clicks', width: 110, sortable: true },
      { field: 'status', width: 100, priority: 1 },
    ],
    filters: [{ field: 'title', kind: 'prefix' }, { field: 'slot_id', kind: 'eq' }, { field: 'status', kind: 'eq' }, { field: 'place', kind: 'eq' }],
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['title', 'slot_id', 'place', 'image', 'link', 'starts_at', 'ends_at', 'sort'] }] },
  actions: enableDisableActions('status', { zh_CN: '广告', en: 'ads' }),
  io: { export: ['id', 'title', 'slot_id', 'image', 'link', 'place', 'starts_at', 'ends_at', 'sort', 'status', 'views', 'clicks', 'created_at'] },
  example: { title: 'Spring offer', slot_id: 1, image: 'https://example.com/ad.png', link: 'https://example.com', starts_at: '2026-01-01T00:00:00Z', ends_at: '2036-01-01T00:00:00Z' },
});
