import { declareResource } from '../types';
import { idField } from '../common';
import { authDataResource } from './authData';

const ro = { editable: 'never' } as const;
const at = (zh_CN: string, en: string) => ({ type: 'datetime', label: { zh_CN, en }, ...ro }) as const;

/**
 * SPEC §2 business "auth terminal": one row per terminal (MAC) that has tried the organisation's captive portal,
 * kept by the same write as the auth records — first and last attempt, successful sign-ins and refusals, the last
 * phone or account, method and gateway. `state` is read from the black list (`business.access_list`), the one
 * place that decides: `block` puts the MAC on it (and ends the terminal's live portal sessions, with `portal_kick`
 * to a gateway on our device channel), `unblock` takes it off; the list's own entries work the same.
 * `random_mac`: a locally administered address (phones' per-network privacy MACs), which a block holds only until
 * the phone picks another.
 */
export const authTerminalResource = declareResource({
  key: 'business.auth_terminal',
  path: '/admin/business/auth_terminal',
  title: { zh_CN: '认证终端', en: 'Authenticated terminals' },
  scope: 'org',
  fields: {
    id: idField,
    mac: { type: 'text', label: { zh_CN: '终端 MAC', en: 'Terminal MAC' }, max: 17, ...ro },
    random_mac: {
      type: 'select', label: { zh_CN: '随机 MAC', en: 'Random MAC' }, ...ro,
      options: [
        { value: 1, label: { zh_CN: '是', en: 'Yes' }, color: 'orange' },
        { value: 0, label: { zh_CN: '否', en: 'No' } },
      ],
    },
    phone: { type: 'text', label: { zh_CN: '最近手机号', en: 'Last phone' }, rule: 'phone', max: 20, ...ro },
    identity: { type: 'text', label: { zh_CN: '最近账号 / 身份', en: 'Last account / identity' }, max: 128, ...ro },
    kind: { ...authDataResource.fields.kind, label: { zh_CN: '最近认证方式', en: 'Last method' } },
    first_seen_at: at('首次认证', 'First seen'),
    last_seen_at: at('最近认证', 'Last seen'),
    sign_ins: { type: 'integer', label: { zh_CN: '认证成功次数', en: 'Sign-ins' }, ...ro },
    failures: { type: 'integer', label: { zh_CN: '认证失败次数', en: 'Refusals' }, ...ro },
    last_result: { ...authDataResource.fields.result, label: { zh_CN: '最近结果', en: 'Last result' } },
    device_id: { type: 'ref', label: { zh_CN: '最近网关', en: 'Last gateway' }, ref: { resource: 'device.binding' }, ...ro },
    place: { type: 'text', label: { zh_CN: '最近场所', en: 'Last place' }, max: 100, ...ro },
    state: {
      type: 'select', label: { zh_CN: '状态', en: 'State' }, ...ro,
      options: [
        { value: 'allowed', label: { zh_CN: '允许', en: 'Allowed' }, color: 'green' },
        { value: 'blocked', label: { zh_CN: '已拉黑', en: 'Blocked' }, color: 'red' },
      ],
    },
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'mac', width: 170, priority: 1 },
      { field: 'random_mac', width: 100, priority: 3 },
      { field: 'phone', width: 140, render: 'maskedPhone', priority: 1 },
      { field: 'identity', width: 150, ellipsis: true, priority: 3 },
      { field: 'kind', width: 120, priority: 3 },
      { field: 'first_seen_at', width: 180, sortable: true, priority: 3 },
      { field: 'last_seen_at', width: 180, sortable: true, priority: 1 },
      { field: 'sign_ins', width: 120, sortable: true, priority: 2 },
      { field: 'failures', width: 120, priority: 2 },
      { field: 'device_id', width: 170, render: 'refLabel', priority: 3 },
      { field: 'state', width: 100, priority: 1 },
    ],
    filters: [
      { field: 'mac', kind: 'prefix' },
      { field: 'phone', kind: 'eq' },
      { field: 'last_seen_at', kind: 'range' },
    ],
    defaultSort: { field: 'last_seen_at', order: 'desc' },
  },
  detail: {
    sections: [{
      fields: ['id', 'mac', 'random_mac', 'phone', 'identity', 'kind', 'first_seen_at', 'last_seen_at', 'sign_ins', 'failures', 'last_result', 'device_id', 'place', 'state'],
    }],
  },
  actions: [
    {
      name: 'block', label: { zh_CN: '拉黑', en: 'Block' }, placement: 'both', danger: true,
      confirm: {
        zh_CN: '确定拉黑所选终端吗？其 MAC 将加入黑名单，在线会话立即断开，之后不能再认证上网。',
        en: 'Block the selected terminals? Their MACs go on the black list, their live sessions end and they can no longer sign in.',
      },
    },
    {
      name: 'unblock', label: { zh_CN: '解除拉黑', en: 'Unblock' }, placement: 'both',
      confirm: { zh_CN: '确定将所选终端移出黑名单吗？', en: 'Take the selected terminals off the black list?' },
    },
  ],
  io: { export: ['id', 'mac', 'random_mac', 'phone', 'identity', 'kind', 'first_seen_at', 'last_seen_at', 'sign_ins', 'failures', 'last_result', 'device_id', 'place', 'state'] },
  page: { area: 'business', key: 'authTerminal', after: 'authData', icon: 'DesktopOutlined' },
});
