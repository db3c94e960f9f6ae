import { declareResource, type FieldDecl, type OptionDecl } from '../types';
import { createdAtField, idField, orgField, orgRef, updatedAtField } from '../common';
import { transitionOf, type StateMachine } from '../../device/lifecycle';
import { WEBHOOK_SUBSCRIPTIONS, type WebhookSubscription } from '../../dc/webhooks';

/**
 * A developer service's audit as a state machine (data the server enforces and the tests iterate): an organisation
 * registers a service (pending); platform staff agree (approved: it gets its app key) or reject it with a reason;
 * a rejected service may be edited and submitted again. The owner may revoke an approved service's key (revoked:
 * its signed calls are refused and its secret discarded); a revoked service, like a rejected one, may be edited and
 * submitted to the audit again.
 */
export const SERVICE_STATES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];
export const SERVICE_LIFECYCLE: StateMachine<ServiceState> = [
  { action: 'agree', from: ['pending'], to: 'approved', by: 'platform' },
  { action: 'reject', from: ['pending'], to: 'rejected', by: 'platform' },
  { action: 'resubmit', from: ['rejected', 'revoked'], to: 'pending', by: 'owner' },
  { action: 'revoke', from: ['approved'], to: 'revoked', by: 'owner' },
];
/** States in which the owner may still change what was registered (an approved service is what was audited). */
export const SERVICE_EDITABLE_STATES: readonly ServiceState[] = ['pending', 'rejected', 'revoked'];

export const SERVICE_STATE_OPTIONS: readonly OptionDecl[] = [
  { value: 'pending', label: { zh_CN: '待审核', en: 'Pending' }, color: 'orange' },
  { value: 'approved', label: { zh_CN: '已通过', en: 'Approved' }, color: 'green' },
  { value: 'rejected', label: { zh_CN: '已驳回', en: 'Rejected' }, color: 'red' },
  { value: 'revoked', label: { zh_CN: '已吊销', en: 'Revoked' }, color: 'default' },
];

/** How many UTC days, today included, the call counts of "my services" cover. */
export const SERVICE_CALL_DAYS = 7;

/** Permission keys a service may ask for, at most. */
export const SERVICE_SCOPES_MAX = 100;

const name: FieldDecl = { type: 'text', label: { zh_CN: '服务名称', en: 'Service name' }, required: true, max: 64 };
const callbackUrl: FieldDecl = {
  type: 'text', label: { zh_CN: '回调地址', en: 'Callback URL' }, rule: 'httpLink', required: true, max: 2048,
  help: { zh_CN: '以 http:// 或 https:// 开头，用于接收事件推送', en: 'Starts with http:// or https://; events are posted to it' },
};
const description: FieldDecl = { type: 'textarea', label: { zh_CN: '服务说明', en: 'Description' }, max: 1000 };
const SUBSCRIPTION_LABELS: Record<WebhookSubscription, { zh_CN: string; en: string }> = {
  all: { zh_CN: '设备上下线与命令结果', en: 'Device presence and command results' },
  device: { zh_CN: '仅设备上下线', en: 'Device presence only' },
  command: { zh_CN: '仅命令结果', en: 'Command results only' },
  none: { zh_CN: '不推送', en: 'None' },
};
const webhookEvents: FieldDecl = {
  type: 'select', label: { zh_CN: '事件推送', en: 'Webhooks' }, default: 'all',
  options: WEBHOOK_SUBSCRIPTIONS.map((s) => ({ value: s, label: SUBSCRIPTION_LABELS[s] })),
  help: {
    zh_CN: '审核通过并签发密钥后，所选事件以签名的 POST 推送到回调地址',
    en: 'Once approved and its secret issued, the chosen events are POSTed, signed, to the callback URL',
  },
};
const scopesLabel = { zh_CN: '权限范围', en: 'Scopes' };
const scopes: FieldDecl = {
  type: 'textarea', label: scopesLabel, required: true, max: 4000, widget: 'serviceScopes',
  help: {
    zh_CN: '服务可调用的权限键（只能选择自己拥有的），以逗号分隔',
    en: 'Permission keys the service may call (only ones you hold), separated by commas',
  },
};
const state: FieldDecl = { type: 'select', label: { zh_CN: '审核状态', en: 'Audit state' }, options: SERVICE_STATE_OPTIONS, editable: 'never', default: 'pending' };
const appKey: FieldDecl = { type: 'text', label: { zh_CN: 'App Key', en: 'App key' }, editable: 'never', max: 64 };
/** Most a platform may allow one service per minute. */
export const SERVICE_RATE_MAX = 100_000;
const rateLimit: FieldDecl = {
  type: 'integer', label: { zh_CN: '调用限额（次/分钟）', en: 'Call limit (per minute)' }, min: 1, max: SERVICE_RATE_MAX, editable: 'never',
  help: { zh_CN: '超出后返回 1010 并给出重试等待时间', en: 'Beyond it calls answer 1010 with the wait before retrying' },
};
const at = (zh_CN: string, en: string): FieldDecl => ({ type: 'datetime', label: { zh_CN, en }, editable: 'never' });
const callCount = (zh_CN: string, en: string): FieldDecl => ({
  type: 'integer', label: { zh_CN, en }, editable: 'never',
  help: { zh_CN: '最近 7 天（UTC，含今天）的签名调用', en: 'Signed calls over the last 7 UTC days, today included' },
});

/** What the audit, the keys and the call counts add to a service: the same on "my services" and on "all services". */
const auditAndCalls = {
  state,
  reason: { type: 'textarea', label: { zh_CN: '驳回原因', en: 'Reason for rejection' }, editable: 'never', max: 500 },
  app_key: appKey,
  rate_limit: rateLimit,
  secret_issued_at: at('密钥签发时间', 'Secret issued'),
  audited_at: at('审核时间', 'Audited'),
  revoked_at: at('吊销时间', 'Revoked'),
  calls_7d: callCount('7 日调用', 'Calls (7 days)'),
  errors_7d: callCount('7 日错误', 'Errors (7 days)'),
  created_at: { ...createdAtField, label: { zh_CN: '申请时间', en: 'Registered' } },
  updated_at: updatedAtField,
} satisfies Record<string, FieldDecl>;

/**
 * `/admin/dc/service` ("my services"): the organisation's registered developer services. Registering puts one in
 * audit; what was registered can be changed only while pending or rejected; `resubmit` sends a rejected one back.
 * An approved service has an app key; `reset_secret` issues its secret (answered once, stored hashed), the first
 * time and whenever it is lost; `revoke` stops its key at once (the secret is discarded; a resubmitted and again
 * approved service needs a new one). `calls_7d` / `errors_7d` count its signed calls of the last 7 UTC days.
 */
export const dcServiceResource = declareResource({
  key: 'dc.service',
  path: '/admin/dc/service',
  title: { zh_CN: '我的服务', en: 'My services' },
  scope: 'org',
  fields: {
    id: idField,
    name,
    callback_url: callbackUrl,
    description,
    scopes,
    webhook_events: webhookEvents,
    ...auditAndCalls,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove'],
  list: {
    columns: [
      { field: 'name', width: 200, priority: 1 },
      { field: 'callback_url', width: 260, ellipsis: true },
      { field: 'state', width: 110, priority: 1 },
      { field: 'app_key', width: 240, priority: 2 },
      { field: 'calls_7d', width: 120, priority: 2 },
      { field: 'errors_7d', width: 120, priority: 3 },
      { field: 'reason', ellipsis: true, priority: 3 },
      { field: 'created_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'state', kind: 'eq' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['name', 'callback_url', 'description', 'scopes', 'webhook_events'] }] },
  detail: {
    sections: [
      { fields: ['id', 'name', 'callback_url', 'description', 'scopes', 'webhook_events'] },
      { title: { zh_CN: '审核与密钥', en: 'Audit and keys' }, fields: ['state', 'reason', 'audited_at', 'app_key', 'rate_limit', 'secret_issued_at', 'revoked_at', 'created_at', 'updated_at'] },
      { title: { zh_CN: '调用统计', en: 'Calls' }, fields: ['calls_7d', 'errors_7d'] },
    ],
  },
  actions: [
    {
      name: 'resubmit', label: { zh_CN: '重新提交', en: 'Resubmit' }, placement: 'row',
      transition: transitionOf(SERVICE_LIFECYCLE, 'resubmit'),
      confirm: { zh_CN: '重新提交平台审核吗？', en: 'Submit it to the platform\'s audit again?' },
    },
    {
      name: 'reset_secret', label: { zh_CN: '重置密钥', en: 'Reset secret' }, placement: 'row', danger: true,
      confirm: {
        zh_CN: '将签发新的 App Secret，旧密钥立即失效，新密钥只显示一次。确定重置吗？',
        en: 'A new app secret is issued and the old one stops working at once; the new one is shown only once. Reset?',
      },
    },
    {
      name: 'revoke', label: { zh_CN: '吊销密钥', en: 'Revoke key' }, placement: 'row', danger: true,
      transition: transitionOf(SERVICE_LIFECYCLE, 'revoke'),
      confirm: {
        zh_CN: '吊销后该服务的签名调用立即被拒绝，密钥作废；如需恢复须修改后重新提交审核。确定吊销吗？',
        en: 'Its signed calls are refused at once and its secret is discarded; to use it again, resubmit it for audit. Revoke?',
      },
    },
  ],
  picker: { label: ['name'], search: ['name'] },
  example: { name: 'Ticketing bridge', callback_url: 'https://example.com/hooks/gx', description: 'Opens tickets from device events', scopes: 'system.user.list' },
});

/**
 * `/admin/dc/audit`: every organisation's services, for platform staff: agree (the service gets its app key) or
 * reject with a reason, following `SERVICE_LIFECYCLE`.
 */
export const dcAuditResource = declareResource({
  key: 'dc.audit',
  path: '/admin/dc/audit',
  title: { zh_CN: '服务审核', en: 'Service audit' },
  scope: 'platform',
  fields: {
    id: idField,
    org_id: orgRef('申请组织', 'Organisation'),
    name: { ...name, editable: 'never' },
    callback_url: { ...callbackUrl, editable: 'never' },
    description: { ...description, editable: 'never' },
    scopes: { type: 'textarea', label: scopesLabel, max: 4000, editable: 'never' },
    state,
    reason: {
      type: 'textarea', label: { zh_CN: '驳回原因', en: 'Reason for rejection' }, required: true, max: 500, editable: 'never',
    },
    app_key: appKey,
    rate_limit: { ...rateLimit, required: true },
    audited_at: at('审核时间', 'Audited'),
    created_at: { ...createdAtField, label: { zh_CN: '申请时间', en: 'Registered' } },
  },
  operations: ['list', 'detail'],
  list: {
    columns: [
      { field: 'name', width: 200, priority: 1 },
      { field: 'org_id', width: 180, render: 'refLabel' },
      { field: 'callback_url', width: 240, ellipsis: true },
      { field: 'scopes', width: 220, ellipsis: true, priority: 3 },
      { field: 'state', width: 110, priority: 1 },
      { field: 'rate_limit', width: 150, priority: 3 },
      { field: 'reason', ellipsis: true, priority: 3 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'state', kind: 'eq' }, { field: 'name', kind: 'prefix' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  detail: {
    sections: [{ fields: ['id', 'org_id', 'name', 'callback_url', 'description', 'scopes', 'state', 'reason', 'app_key', 'rate_limit', 'audited_at', 'created_at'] }],
  },
  actions: [
    {
      name: 'agree', label: { zh_CN: '同意', en: 'Agree' }, placement: 'both', platform: true,
      transition: transitionOf(SERVICE_LIFECYCLE, 'agree'),
      confirm: { zh_CN: '同意后该服务获得 App Key，确定同意吗？', en: 'The service gets its app key. Agree?' },
    },
    { name: 'reject', label: { zh_CN: '驳回', en: 'Reject' }, placement: 'row', danger: true, platform: true, fields: ['reason'] },
    { name: 'set_rate_limit', label: { zh_CN: '调用限额', en: 'Call limit' }, placement: 'row', platform: true, fields: ['rate_limit'] },
  ],
  example: { reason: 'The callback URL does not answer', rate_limit: 1200 },
});

/**
 * `/admin/dc/all` ("all services"): every organisation's developer services, for platform operators to look over —
 * read-only (list, detail, export), with the organisation and the last 7 UTC days' calls. Changes happen on
 * "my services" (the organisation) and the audit (the platform).
 */
export const dcAllResource = declareResource({
  key: 'dc.all',
  path: '/admin/dc/all',
  title: { zh_CN: '全部服务', en: 'All services' },
  scope: 'platform',
  fields: {
    id: idField,
    org_id: orgField,
    name: { ...name, editable: 'never' },
    callback_url: { ...callbackUrl, editable: 'never' },
    description: { ...description, editable: 'never' },
    scopes: { type: 'textarea', label: scopesLabel, max: 4000, editable: 'never' },
    webhook_events: { ...webhookEvents, editable: 'never' },
    ...auditAndCalls,
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'name', width: 200, priority: 1 },
      { field: 'org_id', width: 180, render: 'refLabel', priority: 1 },
      { field: 'state', width: 110, priority: 1 },
      { field: 'app_key', width: 240, priority: 3 },
      { field: 'calls_7d', width: 120 },
      { field: 'errors_7d', width: 120, priority: 3 },
      { field: 'rate_limit', width: 150, priority: 3 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'org_id', kind: 'eq' }, { field: 'state', kind: 'eq' }, { field: 'name', kind: 'prefix' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  detail: {
    sections: [
      { fields: ['id', 'org_id', 'name', 'callback_url', 'description', 'scopes', 'webhook_events'] },
      { title: { zh_CN: '审核与密钥', en: 'Audit and keys' }, fields: ['state', 'reason', 'audited_at', 'app_key', 'rate_limit', 'secret_issued_at', 'revoked_at', 'created_at', 'updated_at'] },
      { title: { zh_CN: '调用统计', en: 'Calls' }, fields: ['calls_7d', 'errors_7d'] },
    ],
  },
  io: {
    export: ['id', 'org_id', 'name', 'callback_url', 'scopes', 'webhook_events', 'state', 'reason', 'app_key', 'rate_limit', 'calls_7d', 'errors_7d', 'audited_at', 'revoked_at', 'created_at'],
  },
  page: { area: 'dc', key: 'all', after: 'webhook', icon: 'GlobalOutlined' },
});

/** What `reset_secret` adds to its answer, once: the new secret (never stored in clear, never shown again). */
export interface ServiceSecretAnswer {
  app_key: string;
  app_secret: string;
}
