import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField } from '../common';

/** The big screens a display link can show (SPEC §2's standalone dashboards). */
export const SCREEN_LINK_SCREEN_OPTIONS: readonly OptionDecl[] = [
  { value: 'bigdata', label: { zh_CN: '大数据大屏', en: 'Big data screen' } },
  { value: 'tv', label: { zh_CN: '电视大屏', en: 'TV screen' } },
  { value: 'sdwan', label: { zh_CN: 'SD-WAN 大屏', en: 'SD-WAN screen' } },
  { value: 'largechat', label: { zh_CN: '投诉建议与工单大屏', en: 'Complaints & work orders screen' } },
];

/** Stored states; `expired` is read from `expires_at` (an active link past it). */
export const SCREEN_LINK_STANDING_OPTIONS: readonly OptionDecl[] = [
  { value: 'active', label: { zh_CN: '有效', en: 'Active' }, color: 'green' },
  { value: 'revoked', label: { zh_CN: '已撤销', en: 'Revoked' }, color: 'default' },
  { value: 'expired', label: { zh_CN: '已过期', en: 'Expired' }, color: 'default' },
];

/** Longest validity a display link may be given, in days (empty: until revoked). */
export const SCREEN_LINK_MAX_DAYS = 3650;

/**
 * `/admin/monitor/screen_link` (大屏展示链接): links that open one big screen of the organisation on a display nobody
 * signs in on (`screens/links.ts`). The link's token is shown once when it is made and kept only as its hash;
 * revoking stops it at the display's next refresh; each use is noted (last used).
 */
export const screenLinkResource = declareResource({
  key: 'monitor.screen_link',
  path: '/admin/monitor/screen_link',
  title: { zh_CN: '大屏展示链接', en: 'Display links' },
  scope: 'org',
  fields: {
    id: idField,
    name: {
      type: 'text', label: { zh_CN: '名称', en: 'Name' }, required: true, max: 50,
      help: { zh_CN: '例如显示它的屏幕：一楼大厅电视', en: 'The display that shows it, say: Lobby TV, ground floor' },
    },
    screen: { type: 'select', label: { zh_CN: '大屏', en: 'Screen' }, options: SCREEN_LINK_SCREEN_OPTIONS, required: true, editable: 'add', default: 'bigdata' },
    valid_days: {
      type: 'integer', label: { zh_CN: '有效天数', en: 'Valid for (days)' }, min: 1, max: SCREEN_LINK_MAX_DAYS, editable: 'add', writeOnly: true,
      help: { zh_CN: '留空则一直有效，直到撤销', en: 'Empty: valid until revoked' },
    },
    state: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: SCREEN_LINK_STANDING_OPTIONS, editable: 'never' },
    standing: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: SCREEN_LINK_STANDING_OPTIONS, editable: 'never' },
    expires_at: { type: 'datetime', label: { zh_CN: '有效期至', en: 'Expires' }, editable: 'never' },
    last_used_at: { type: 'datetime', label: { zh_CN: '最近使用', en: 'Last used' }, editable: 'never' },
    created_by_name: { type: 'text', label: { zh_CN: '创建人', en: 'Created by' }, editable: 'never' },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove'],
  list: {
    columns: [
      { field: 'name', width: 200, fixed: 'left' },
      { field: 'screen', width: 200, priority: 1 },
      { field: 'standing', width: 100, priority: 1 },
      { field: 'expires_at', width: 180 },
      { field: 'last_used_at', width: 180, sortable: true },
      { field: 'created_by_name', width: 140, priority: 3 },
      { field: 'created_at', width: 180, priority: 3 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'screen', kind: 'eq' }, { field: 'state', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['name', 'screen', 'valid_days'] }] },
  detail: { sections: [{ fields: ['name', 'screen', 'standing', 'expires_at', 'last_used_at', 'created_by_name', 'created_at'] }] },
  actions: [
    {
      name: 'revoke', label: { zh_CN: '撤销', en: 'Revoke' }, placement: 'row', danger: true,
      transition: { field: 'state', from: ['active'], to: 'revoked' },
      confirm: {
        zh_CN: '撤销后，用此链接打开的屏幕将在下次刷新时停止显示，确定撤销吗？',
        en: 'Displays opened with this link stop showing the screen at their next refresh. Revoke?',
      },
    },
  ],
  example: { name: 'Lobby TV, ground floor', screen: 'tv', valid_days: 365 },
  page: { area: 'monitor', key: 'screenLinks', after: 'largechat', icon: 'LinkOutlined' },
});
