import { declareResource } from '../types';
import { idField } from '../common';

export const PORTAL_GUEST_STATES = ['active', 'ended', 'kicked', 'expired', 'quota', 'idle'] as const;
export type PortalGuestState = (typeof PORTAL_GUEST_STATES)[number];

const at = (zh_CN: string, en: string) => ({ type: 'datetime', label: { zh_CN, en }, editable: 'never' }) as const;
const bytes = (zh_CN: string, en: string) => ({ type: 'integer', label: { zh_CN, en }, editable: 'never' }) as const;

/**
 * `/admin/portal/guest`: guests let through by the portal, per gateway — who is online now (state `active`) and the
 * history. A WiFiDog gateway reports traffic with its `auth` counters; `kick` ends a session, so the gateway's next
 * counters call is answered `Auth: 0`, and a gateway connected to our device channel also gets `portal_kick`.
 */
export const portalGuestResource = declareResource({
  key: 'portal.guest',
  path: '/admin/portal/guest',
  title: { zh_CN: '上网用户', en: 'Guests online' },
  scope: 'org',
  fields: {
    id: idField,
    device_id: { type: 'ref', label: { zh_CN: '网关', en: 'Gateway' }, ref: { resource: 'device.binding' }, editable: 'never' },
    mac: { type: 'text', label: { zh_CN: 'MAC', en: 'MAC' }, rule: 'mac', editable: 'never', max: 17 },
    ip: { type: 'text', label: { zh_CN: 'IP', en: 'IP' }, editable: 'never', max: 45 },
    kind: {
      type: 'select', label: { zh_CN: '认证方式', en: 'Sign-in' }, editable: 'never',
      options: [
        { value: 'sms', label: { zh_CN: '短信', en: 'SMS' } },
        { value: 'wechat', label: { zh_CN: '微信', en: 'WeChat' } },
        { value: 'one_click', label: { zh_CN: '一键上网', en: 'One click' } },
        { value: 'voucher', label: { zh_CN: '认证码', en: 'Voucher' } },
        { value: 'account', label: { zh_CN: '账号', en: 'Account' } },
        { value: 'whitelist', label: { zh_CN: 'MAC 白名单', en: 'MAC whitelist' } },
      ],
    },
    identity: { type: 'text', label: { zh_CN: '身份', en: 'Identity' }, editable: 'never', max: 128 },
    state: {
      type: 'select', label: { zh_CN: '状态', en: 'State' }, editable: 'never',
      options: [
        { value: 'active', label: { zh_CN: '在线', en: 'Online' }, color: 'green' },
        { value: 'ended', label: { zh_CN: '已下线', en: 'Logged out' }, color: 'default' },
        { value: 'kicked', label: { zh_CN: '已踢下线', en: 'Kicked' }, color: 'red' },
        { value: 'expired', label: { zh_CN: '已到期', en: 'Expired' }, color: 'orange' },
        { value: 'quota', label: { zh_CN: '配额用完', en: 'Quota used up' }, color: 'volcano' },
        { value: 'idle', label: { zh_CN: '空闲超时', en: 'Idle timeout' }, color: 'gold' },
      ],
    },
    incoming: bytes('下行流量（字节）', 'Downloaded (bytes)'),
    outgoing: bytes('上行流量（字节）', 'Uploaded (bytes)'),
    started_at: at('开始时间', 'Started'),
    expires_at: at('到期时间', 'Expires'),
    last_seen_at: at('最近上报', 'Last report'),
    ended_at: at('结束时间', 'Ended'),
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'device_id', width: 180, render: 'refLabel', priority: 1 },
      { field: 'mac', width: 170, priority: 1 },
      { field: 'ip', width: 140 },
      { field: 'kind', width: 110, priority: 3 },
      { field: 'state', width: 100, priority: 1 },
      { field: 'incoming', width: 150, sortable: true },
      { field: 'outgoing', width: 150, sortable: true },
      { field: 'started_at', width: 180, sortable: true },
      { field: 'expires_at', width: 180, priority: 3 },
    ],
    filters: [{ field: 'device_id', kind: 'eq' }, { field: 'state', kind: 'eq' }, { field: 'mac', kind: 'eq' }],
    defaultSort: { field: 'started_at', order: 'desc' },
  },
  actions: [
    {
      name: 'kick', label: { zh_CN: '踢下线', en: 'Kick' }, placement: 'both', danger: true,
      transition: { field: 'state', from: ['active'], to: 'kicked' },
      confirm: { zh_CN: '确定将所选用户踢下线吗？', en: 'Disconnect the selected guests?' },
    },
  ],
  page: { area: 'portal', key: 'guest', after: 'agent' },
  io: { export: ['id', 'device_id', 'mac', 'ip', 'kind', 'identity', 'state', 'incoming', 'outgoing', 'started_at', 'expires_at', 'last_seen_at', 'ended_at'] },
});
