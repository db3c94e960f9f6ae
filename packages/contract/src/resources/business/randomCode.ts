import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField } from '../common';

/** How many codes one batch holds, how long each is, and how long its optional prefix may be. */
export const RANDOM_CODE_LIMITS = { count: { min: 1, max: 1000 }, length: { min: 6, max: 32 }, prefix: { max: 8 } } as const;

/** The characters a code is drawn from: digits, or letters and digits without the look-alikes 0/O, 1/I/L. */
export const RANDOM_CODE_CHARSETS = {
  digits: '0123456789',
  alnum: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
} as const;
export type RandomCodeCharset = keyof typeof RANDOM_CODE_CHARSETS;

/** A prefix is upper-case letters and digits (typed lower-case, it is upper-cased). */
export const RANDOM_CODE_PREFIX_RE = /^[A-Z0-9]{0,8}$/;

export const randomCodeCharsetOptions: readonly OptionDecl[] = [
  { value: 'digits', label: { zh_CN: '纯数字', en: 'Digits' } },
  { value: 'alnum', label: { zh_CN: '字母数字', en: 'Letters and digits' } },
];

/** unused → used (once) or void; neither goes back. */
export const randomCodeStateOptions: readonly OptionDecl[] = [
  { value: 'unused', label: { zh_CN: '未使用', en: 'Unused' }, color: 'blue' },
  { value: 'used', label: { zh_CN: '已使用', en: 'Used' }, color: 'green' },
  { value: 'void', label: { zh_CN: '已作废', en: 'Void' }, color: 'red' },
];

/**
 * SPEC §2 business "random codes": batches of random codes an organisation hands out (promotions, claim cards,
 * lottery tickets). `add` generates a whole batch of `count` codes in one transaction; each code is one row, used
 * once or voided.
 */
export const randomCodeResource = declareResource({
  key: 'business.random_code',
  path: '/admin/business/random_code',
  title: { zh_CN: '随机码', en: 'Random codes' },
  scope: 'org',
  fields: {
    id: idField,
    code: { type: 'text', label: { zh_CN: '随机码', en: 'Code' }, editable: 'never', max: RANDOM_CODE_LIMITS.prefix.max + RANDOM_CODE_LIMITS.length.max },
    batch: {
      type: 'text', label: { zh_CN: '批次', en: 'Batch' }, required: true, max: 64, editable: 'add',
      help: { zh_CN: '同一批生成的随机码共用此名称，可按批次筛选和导出', en: 'Codes generated together share this name: filter and export by it' },
    },
    count: {
      type: 'integer', label: { zh_CN: '生成数量', en: 'How many' }, writeOnly: true, editable: 'add', default: 10,
      min: RANDOM_CODE_LIMITS.count.min, max: RANDOM_CODE_LIMITS.count.max,
    },
    length: {
      type: 'integer', label: { zh_CN: '随机部分长度', en: 'Random length' }, writeOnly: true, editable: 'add', default: 8,
      min: RANDOM_CODE_LIMITS.length.min, max: RANDOM_CODE_LIMITS.length.max,
      help: { zh_CN: '不含前缀的字符数', en: 'Characters after the prefix' },
    },
    charset: {
      type: 'select', label: { zh_CN: '字符集', en: 'Characters' }, options: randomCodeCharsetOptions, default: 'alnum', editable: 'add',
      help: { zh_CN: '字母数字不含易混淆的 0/O、1/I/L', en: 'Letters and digits leave out the look-alikes 0/O and 1/I/L' },
    },
    prefix: {
      type: 'text', label: { zh_CN: '前缀', en: 'Prefix' }, max: RANDOM_CODE_LIMITS.prefix.max, default: '', editable: 'add',
      help: { zh_CN: '可选，最多 8 位大写字母或数字', en: 'Optional: up to 8 capital letters or digits' },
    },
    valid_from: { type: 'datetime', label: { zh_CN: '生效时间', en: 'Valid from' }, editable: 'add' },
    valid_until: { type: 'datetime', label: { zh_CN: '失效时间', en: 'Valid until' }, editable: 'add' },
    state: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: randomCodeStateOptions, editable: 'never' },
    used_at: { type: 'datetime', label: { zh_CN: '使用时间', en: 'Used at' }, editable: 'never' },
    remark: { type: 'text', label: { zh_CN: '备注', en: 'Remark' }, max: 200, default: '', editable: 'add' },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'code', width: 200, priority: 1 },
      { field: 'batch', width: 160, sortable: true, priority: 1 },
      { field: 'charset', width: 110, priority: 3 },
      { field: 'state', width: 100, priority: 1 },
      { field: 'used_at', width: 180 },
      { field: 'valid_from', width: 180, priority: 3 },
      { field: 'valid_until', width: 180 },
      { field: 'remark', width: 160, ellipsis: true, priority: 3 },
      { field: 'created_at', width: 180, priority: 3 },
    ],
    filters: [{ field: 'batch', kind: 'eq' }, { field: 'state', kind: 'eq' }, { field: 'code', kind: 'prefix' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: {
    columns: 2,
    sections: [{ fields: ['batch', 'count', 'length', 'charset', 'prefix', 'valid_from', 'valid_until', 'remark'] }],
  },
  actions: [
    {
      name: 'use', label: { zh_CN: '核销', en: 'Use' }, placement: 'both',
      transition: { field: 'state', from: ['unused'], to: 'used' },
      confirm: { zh_CN: '确定核销所选随机码吗？每个随机码只能使用一次。', en: 'Mark the selected codes used? Each code can be used only once.' },
    },
    {
      name: 'void', label: { zh_CN: '作废', en: 'Void' }, placement: 'both', danger: true,
      transition: { field: 'state', from: ['unused'], to: 'void' },
      confirm: { zh_CN: '确定作废所选随机码吗？作废后不能再使用。', en: 'Void the selected codes? They can no longer be used.' },
    },
  ],
  page: { area: 'business', key: 'randomCode', after: 'notepad', icon: 'AppstoreOutlined' },
  io: { export: ['id', 'code', 'batch', 'charset', 'state', 'used_at', 'valid_from', 'valid_until', 'remark', 'created_at'] },
  example: { batch: 'Spring 2026', count: 2, length: 8, charset: 'alnum', prefix: 'SP', valid_from: '2026-01-01T00:00:00Z', valid_until: '2036-01-01T00:00:00Z' },
});
