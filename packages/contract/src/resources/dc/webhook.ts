import { declareResource } from '../types';
import { createdAtField, idField } from '../common';
import { DELIVERY_STATES, WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS } from '../../dc/webhooks';

const DELIVERY_STATE_LABELS = {
  pending: { zh_CN: '待投递', en: 'Pending', color: 'processing' },
  delivered: { zh_CN: '已送达', en: 'Delivered', color: 'green' },
  failed: { zh_CN: '投递失败', en: 'Failed', color: 'red' },
} as const;

/**
 * `/admin/dc/webhook`: the delivery log of the organisation's webhooks — every event posted to a service's callback
 * URL, its attempts, the receiver's last answer, and when it is tried again. *Redeliver* sends one again at once
 * (a failed one gets a fresh set of attempts).
 */
export const dcWebhookResource = declareResource({
  key: 'dc.webhook',
  path: '/admin/dc/webhook',
  title: { zh_CN: '推送记录', en: 'Webhook deliveries' },
  scope: 'org',
  fields: {
    id: idField,
    service_id: { type: 'ref', label: { zh_CN: '服务', en: 'Service' }, ref: { resource: 'dc.service' }, editable: 'never' },
    event: {
      type: 'select', label: { zh_CN: '事件', en: 'Event' }, editable: 'never',
      options: WEBHOOK_EVENTS.map((e) => ({ value: e, label: WEBHOOK_EVENT_LABELS[e] })),
    },
    state: {
      type: 'select', label: { zh_CN: '投递状态', en: 'State' }, editable: 'never',
      options: DELIVERY_STATES.map((s) => ({ value: s, label: { zh_CN: DELIVERY_STATE_LABELS[s].zh_CN, en: DELIVERY_STATE_LABELS[s].en }, color: DELIVERY_STATE_LABELS[s].color })),
    },
    attempts: { type: 'integer', label: { zh_CN: '尝试次数', en: 'Attempts' }, editable: 'never' },
    last_status: {
      type: 'integer', label: { zh_CN: '最近响应码', en: 'Last HTTP status' }, editable: 'never',
      help: { zh_CN: '0 表示未收到响应（超时或无法连接）', en: '0: no answer (timed out or unreachable)' },
    },
    last_error: { type: 'text', label: { zh_CN: '最近错误', en: 'Last error' }, editable: 'never', max: 500 },
    next_at: { type: 'datetime', label: { zh_CN: '下次投递', en: 'Next attempt' }, editable: 'never' },
    delivered_at: { type: 'datetime', label: { zh_CN: '送达时间', en: 'Delivered' }, editable: 'never' },
    payload: { type: 'json', label: { zh_CN: '推送内容', en: 'Payload' }, editable: 'never' },
    created_at: { ...createdAtField, label: { zh_CN: '事件时间', en: 'Raised' } },
  },
  operations: ['list', 'detail'],
  list: {
    columns: [
      { field: 'id', width: 90 },
      { field: 'service_id', width: 180, render: 'refLabel' },
      { field: 'event', width: 140 },
      { field: 'state', width: 110, priority: 1 },
      { field: 'attempts', width: 100 },
      { field: 'last_status', width: 120 },
      { field: 'last_error', ellipsis: true, priority: 3 },
      { field: 'next_at', width: 180 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'service_id', kind: 'eq' }, { field: 'event', kind: 'eq' }, { field: 'state', kind: 'eq' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  detail: {
    sections: [{ fields: ['id', 'service_id', 'event', 'state', 'attempts', 'last_status', 'last_error', 'next_at', 'delivered_at', 'created_at', 'payload'] }],
  },
  actions: [
    {
      name: 'redeliver', label: { zh_CN: '重新投递', en: 'Redeliver' }, placement: 'row',
      confirm: { zh_CN: '立即再次投递这条推送吗？', en: 'Send this delivery again now?' },
    },
  ],
  page: { area: 'dc', key: 'webhook', after: 'services', icon: 'LinkOutlined' },
});
