import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField } from '../common';
import { PORTAL_LIMITS } from './settings';
import { VOUCHER_CODE_LENGTH } from '../../shell/portal';

export const VOUCHER_LIMITS = { count: { min: 1, max: 1000 }, uses: { min: 1, max: 10_000 } } as const;

/** unused → in_use (some uses left) → used_up; revoked by an operator; expired once `valid_until` has passed. */
export const VOUCHER_STATES = ['unused', 'in_use', 'used_up', 'expired', 'revoked'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];
export const voucherStateOptions: readonly OptionDecl[] = [
  { value: 'unused', label: { zh_CN: '未使用', en: 'Unused' }, color: 'blue' },
  { value: 'in_use', label: { zh_CN: '使用中', en: 'In use' }, color: 'green' },
  { value: 'used_up', label: { zh_CN: '已用完', en: 'Used up' }, color: 'default' },
  { value: 'expired', label: { zh_CN: '已过期', en: 'Expired' }, color: 'orange' },
  { value: 'revoked', label: { zh_CN: '已作废', en: 'Revoked' }, color: 'red' },
];

/**
 * `/admin/device/portal/auth_code` (SPEC §7): voucher codes a guest types on /wifilogin instead of an SMS code.
 * `add` generates a batch of `count` codes sharing a batch label, place, validity window, number of uses and
 * session length; each code is one row.
 */
export const portalVoucherResource = declareResource({
  key: 'portal.voucher',
  path: '/admin/device/portal/auth_code',
  title: { zh_CN: '认证码', en: 'Vouchers' },
  scope: 'org',
  fields: {
    id: idField,
    code: { type: 'text', label: { zh_CN: '认证码', en: 'Code' }, editable: 'never', max: VOUCHER_CODE_LENGTH },
    batch: {
      type: 'text', label: { zh_CN: '批次', en: 'Batch' }, required: true, max: 64, editable: 'add',
      help: { zh_CN: '同一批生成的认证码共用此名称，可按批次筛选、导出和打印', en: 'Codes generated together share this name: filter, export and print by it' },
    },
    count: {
      type: 'integer', label: { zh_CN: '生成数量', en: 'How many' }, writeOnly: true, editable: 'add', default: 10,
      min: VOUCHER_LIMITS.count.min, max: VOUCHER_LIMITS.count.max,
    },
    place: {
      type: 'text', label: { zh_CN: '场所', en: 'Place' }, max: 64, default: '', editable: 'add',
      help: { zh_CN: '留空则组织内所有场所可用', en: "Empty: valid at every place of the organisation" },
    },
    valid_from: { type: 'datetime', label: { zh_CN: '生效时间', en: 'Valid from' }, required: true, editable: 'add' },
    valid_until: { type: 'datetime', label: { zh_CN: '失效时间', en: 'Valid until' }, required: true, editable: 'add' },
    uses: {
      type: 'integer', label: { zh_CN: '可用次数', en: 'Uses' }, default: 1, editable: 'add',
      min: VOUCHER_LIMITS.uses.min, max: VOUCHER_LIMITS.uses.max,
      help: { zh_CN: '每个认证码可供几次上网认证', en: 'How many guest sign-ins each code allows' },
    },
    used: { type: 'integer', label: { zh_CN: '已用次数', en: 'Used' }, editable: 'never' },
    session_minutes: {
      type: 'integer', label: { zh_CN: '上网时长（分钟）', en: 'Session length (minutes)' }, default: 0, editable: 'add',
      min: 0, max: PORTAL_LIMITS.sessionMinutes.max,
      help: { zh_CN: '0 表示使用门户设置的上网时长', en: "0: the portal settings' session length" },
    },
    state: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: voucherStateOptions, editable: 'never' },
    remark: { type: 'text', label: { zh_CN: '备注', en: 'Remark' }, max: 200, default: '', editable: 'add' },
    last_used_at: { type: 'datetime', label: { zh_CN: '最近使用', en: 'Last used' }, editable: 'never' },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'code', width: 150, priority: 1 },
      { field: 'batch', width: 160, sortable: true, priority: 1 },
      { field: 'place', width: 140, priority: 3 },
      { field: 'state', width: 100, priority: 1 },
      { field: 'used', width: 90 },
      { field: 'uses', width: 90 },
      { field: 'valid_from', width: 180, priority: 3 },
      { field: 'valid_until', width: 180, sortable: true },
      { field: 'last_used_at', width: 180, priority: 3 },
      { field: 'remark', width: 160, priority: 3 },
    ],
    filters: [{ field: 'batch', kind: 'eq' }, { field: 'state', kind: 'eq' }, { field: 'code', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: {
    columns: 2,
    sections: [
      { fields: ['batch', 'count', 'place', 'uses', 'valid_from', 'valid_until', 'session_minutes', 'remark'] },
    ],
  },
  actions: [
    {
      name: 'revoke', label: { zh_CN: '作废', en: 'Revoke' }, placement: 'both', danger: true,
      transition: { field: 'state', from: ['unused', 'in_use'], to: 'revoked' },
      confirm: { zh_CN: '确定作废所选认证码吗？作废后不能再用于上网认证。', en: 'Revoke the selected codes? They can no longer be used to sign in.' },
    },
  ],
  page: { area: 'portal', key: 'voucher', after: 'guest' },
  io: { export: ['id', 'code', 'batch', 'place', 'state', 'uses', 'used', 'valid_from', 'valid_until', 'session_minutes', 'remark', 'last_used_at', 'created_at'] },
  example: { batch: 'Lobby 2026-12', count: 2, valid_from: '2026-01-01T00:00:00Z', valid_until: '2036-01-01T00:00:00Z', uses: 1 },
});
