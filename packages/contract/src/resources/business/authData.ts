import { declareResource, type OptionDecl } from '../types';
import { idField } from '../common';
import { validationMessages } from '../../validationMessages';
import { portalGuestResource } from '../portal/guest';

export const AUTH_RESULTS = ['success', 'failed'] as const;
export type AuthResult = (typeof AUTH_RESULTS)[number];

/** Sign-in methods of the portal's page (`wifiLoginBody.kind`); the guests' list also knows `whitelist`, never tried here. */
const KIND_OPTIONS = (portalGuestResource.fields.kind.options ?? []).filter((o) => o.value !== 'whitelist');

/**
 * Why the portal refused a sign-in: the message the guest was answered, by its key (so the record reads like the
 * page did), plus `too_many` (a code, account or IP over its tries) and `error` (anything unforeseen).
 */
export const AUTH_FAILURE_REASONS = [
  'validation.smsCodeWrong', 'validation.smsCode', 'validation.phone', 'validation.portalBlocked', 'validation.portalQuotaUsed',
  'validation.portalDeviceLimit', 'validation.portalOff', 'validation.authTypeOff', 'validation.termsRequired', 'validation.gateway',
  'validation.mac', 'validation.ip', 'validation.port', 'validation.voucher', 'validation.voucherWrong', 'validation.voucherNotYet',
  'validation.voucherExpired', 'validation.voucherUsedUp', 'validation.voucherRevoked', 'validation.required', 'validation.invalid',
  'validation.room', 'validation.surname', 'validation.member', 'validation.memberPassword', 'validation.pmsNotConnected',
  'validation.pmsUnavailable', 'validation.pmsNoMembers', 'validation.stayWrong', 'validation.stayNotStarted', 'validation.stayEnded',
  'validation.memberWrong', 'validation.memberExpired',
] as const;

const REASON_OPTIONS: readonly OptionDecl[] = [
  { value: '', label: { zh_CN: '—', en: '—' } },
  ...AUTH_FAILURE_REASONS.filter((k) => validationMessages[k]).map((k) => ({ value: k, label: { zh_CN: validationMessages[k]!.zh_CN, en: validationMessages[k]!.en } })),
  { value: 'too_many', label: { zh_CN: '尝试过于频繁', en: 'Too many attempts' } },
  { value: 'error', label: { zh_CN: '其他错误', en: 'Other error' } },
];

const ro = { editable: 'never' } as const;
const at = (zh_CN: string, en: string) => ({ type: 'datetime', label: { zh_CN, en }, ...ro }) as const;

/**
 * SPEC §2 business "auth data": one row per sign-in attempt at the organisation's captive portal (`/wifilogin`
 * `login`), successful or refused — when, by which method, who (phone or account), from which terminal (MAC, IP),
 * through which gateway and place, and the outcome with the reason the guest was told. Written by the portal itself
 * (`modules/business/authRecord.ts`); read-only here. `auth_log` (SPEC §8: silent in the console) is the list under
 * that name; `statistics` answers successes and failures per day for the chart above the list.
 */
export const authDataResource = declareResource({
  key: 'business.auth_data',
  path: '/admin/business/auth_data',
  title: { zh_CN: '认证数据', en: 'Authentication records' },
  scope: 'org',
  fields: {
    id: idField,
    created_at: at('认证时间', 'Time'),
    kind: { type: 'select', label: { zh_CN: '认证方式', en: 'Method' }, options: KIND_OPTIONS, ...ro },
    phone: { type: 'text', label: { zh_CN: '手机号', en: 'Phone' }, rule: 'phone', max: 20, ...ro },
    identity: { type: 'text', label: { zh_CN: '账号 / 身份', en: 'Account / identity' }, max: 128, ...ro },
    mac: { type: 'text', label: { zh_CN: '终端 MAC', en: 'Terminal MAC' }, max: 17, ...ro },
    ip: { type: 'text', label: { zh_CN: 'IP', en: 'IP' }, max: 45, ...ro },
    device_id: { type: 'ref', label: { zh_CN: '网关', en: 'Gateway' }, ref: { resource: 'device.binding' }, ...ro },
    gateway: { type: 'text', label: { zh_CN: '网关序列号', en: 'Gateway serial' }, max: 64, ...ro },
    place: { type: 'text', label: { zh_CN: '场所', en: 'Place' }, max: 100, ...ro },
    result: {
      type: 'select', label: { zh_CN: '结果', en: 'Result' }, ...ro,
      options: [
        { value: 'success', label: { zh_CN: '成功', en: 'Success' }, color: 'green' },
        { value: 'failed', label: { zh_CN: '失败', en: 'Failed' }, color: 'red' },
      ],
    },
    code: { type: 'integer', label: { zh_CN: '返回码', en: 'Code' }, ...ro },
    reason: { type: 'select', label: { zh_CN: '失败原因', en: 'Reason' }, options: REASON_OPTIONS, ...ro },
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'created_at', width: 180, sortable: true, priority: 1 },
      { field: 'kind', width: 110, priority: 2 },
      { field: 'phone', width: 140, render: 'maskedPhone', priority: 1 },
      { field: 'identity', width: 160, ellipsis: true, priority: 3 },
      { field: 'mac', width: 170, priority: 1 },
      { field: 'ip', width: 140, priority: 3 },
      { field: 'device_id', width: 170, render: 'refLabel', priority: 2 },
      { field: 'place', width: 120, ellipsis: true, priority: 3 },
      { field: 'result', width: 90, priority: 1 },
      { field: 'reason', width: 220, ellipsis: true, priority: 2 },
    ],
    filters: [
      { field: 'created_at', kind: 'range' },
      { field: 'kind', kind: 'eq' },
      { field: 'result', kind: 'eq' },
      { field: 'mac', kind: 'prefix' },
      { field: 'phone', kind: 'eq' },
    ],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  detail: {
    sections: [{ fields: ['id', 'created_at', 'kind', 'phone', 'identity', 'mac', 'ip', 'device_id', 'gateway', 'place', 'result', 'code', 'reason'] }],
  },
  io: { export: ['id', 'created_at', 'kind', 'phone', 'identity', 'mac', 'ip', 'device_id', 'gateway', 'place', 'result', 'code', 'reason'] },
  page: { area: 'business', key: 'authData', after: 'guestOnlineRecord', icon: 'BarChartOutlined' },
});
