import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField, remarkField } from '../common';

export const ACCESS_LISTS = ['black', 'white'] as const;
export type AccessListKind = (typeof ACCESS_LISTS)[number];
/** What an entry names: a terminal by its MAC address, or a person by their mobile number. */
export const ACCESS_TARGETS = ['mac', 'phone'] as const;
export type AccessTarget = (typeof ACCESS_TARGETS)[number];

const LIST_OPTIONS: readonly OptionDecl[] = [
  { value: 'black', label: { zh_CN: '黑名单', en: 'Black list' }, color: 'red' },
  { value: 'white', label: { zh_CN: '白名单', en: 'White list' }, color: 'green' },
];
const TARGET_OPTIONS: readonly OptionDecl[] = [
  { value: 'mac', label: { zh_CN: '终端 MAC', en: 'Terminal MAC' } },
  { value: 'phone', label: { zh_CN: '手机号码', en: 'Mobile phone' } },
];

/**
 * SPEC §2 business "black and white list": terminals (MAC) and people (mobile numbers) the organisation's captive
 * portal refuses (black) or lets through without the daily time quota and the devices-per-user limit (white: staff,
 * VIP guests). An entry may expire; one value appears once per list.
 */
export const accessListResource = declareResource({
  key: 'business.access_list',
  path: '/admin/business/black_white_list',
  title: { zh_CN: '黑白名单', en: 'Black and white list' },
  scope: 'org',
  fields: {
    id: idField,
    list: { type: 'select', label: { zh_CN: '名单', en: 'List' }, options: LIST_OPTIONS, required: true, default: 'black' },
    target: { type: 'select', label: { zh_CN: '类型', en: 'Type' }, options: TARGET_OPTIONS, required: true, default: 'mac' },
    value: {
      type: 'text', label: { zh_CN: 'MAC 或手机号', en: 'MAC or phone' }, required: true, max: 32,
      help: { zh_CN: 'MAC 形如 AA:BB:CC:DD:EE:FF', en: 'A MAC looks like AA:BB:CC:DD:EE:FF' },
    },
    expires_at: {
      type: 'datetime', label: { zh_CN: '失效时间', en: 'Expires' },
      help: { zh_CN: '留空则长期有效', en: 'Empty: never expires' },
    },
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'list', width: 110, priority: 1 },
      { field: 'target', width: 120 },
      { field: 'value', width: 200, priority: 1 },
      { field: 'expires_at', width: 180, sortable: true },
      { field: 'remark', ellipsis: true, priority: 3 },
      { field: 'created_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [{ field: 'list', kind: 'eq' }, { field: 'target', kind: 'eq' }, { field: 'value', kind: 'prefix' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['list', 'target', 'value', 'expires_at', 'remark'] }] },
  io: {
    import: ['list', 'target', 'value', 'expires_at', 'remark'],
    export: ['list', 'target', 'value', 'expires_at', 'remark', 'created_at'],
  },
  example: { list: 'black', target: 'mac', value: 'AA:BB:CC:DD:EE:01' },
});
