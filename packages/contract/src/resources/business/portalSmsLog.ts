import { declareResource } from '../types';
import { idField } from '../common';

const ro = { editable: 'never' } as const;

/**
 * SPEC §2 business "portal IT and SMS": every SMS the server sent for the organisation (the portal's guest codes and
 * the SMS configuration's tests) — the same send log `send_msg_log` pages through, here with filters, export and a
 * per-day chart (`statistics`: sent and failed). Read-only: the one sender (`modules/portal/send.ts`) writes every
 * row, failed ones included. The template's name is the organisation's template of that code, when it has one.
 */
export const portalSmsLogResource = declareResource({
  key: 'business.portal_sms_log',
  path: '/admin/business/portal_sms_log',
  title: { zh_CN: 'Portal IT 与短信', en: 'Portal IT & SMS' },
  scope: 'org',
  fields: {
    id: idField,
    created_at: { type: 'datetime', label: { zh_CN: '发送时间', en: 'Sent at' }, ...ro },
    phone: { type: 'text', label: { zh_CN: '手机号', en: 'Phone' }, rule: 'phone', max: 20, ...ro },
    template_code: { type: 'text', label: { zh_CN: '模板编号', en: 'Template code' }, max: 64, ...ro },
    template_name: { type: 'text', label: { zh_CN: '模板名称', en: 'Template' }, max: 64, ...ro },
    sign_name: { type: 'text', label: { zh_CN: '签名', en: 'Signature' }, max: 32, ...ro },
    provider: {
      type: 'select', label: { zh_CN: '服务商', en: 'Provider' }, ...ro,
      options: [
        { value: 'local', label: { zh_CN: '本地（不发送）', en: 'Local (not sent)' } },
        { value: 'aliyun', label: { zh_CN: '阿里云短信', en: 'Aliyun SMS' } },
      ],
    },
    status: {
      type: 'select', label: { zh_CN: '状态', en: 'State' }, ...ro,
      options: [
        { value: 'sent', label: { zh_CN: '已发送', en: 'Sent' }, color: 'green' },
        { value: 'failed', label: { zh_CN: '发送失败', en: 'Failed' }, color: 'red' },
      ],
    },
    provider_id: { type: 'text', label: { zh_CN: '回执编号', en: 'Receipt id' }, max: 128, ...ro },
    error: { type: 'text', label: { zh_CN: '失败原因', en: 'Error' }, max: 500, ...ro },
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'created_at', width: 180, sortable: true, priority: 1 },
      { field: 'phone', width: 140, render: 'maskedPhone', priority: 1 },
      { field: 'template_name', width: 160, ellipsis: true, priority: 2 },
      { field: 'template_code', width: 160, priority: 3 },
      { field: 'provider', width: 130, priority: 3 },
      { field: 'status', width: 100, priority: 1 },
      { field: 'error', ellipsis: true, priority: 2 },
    ],
    filters: [
      { field: 'created_at', kind: 'range' },
      { field: 'status', kind: 'eq' },
      { field: 'phone', kind: 'eq' },
    ],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  detail: {
    sections: [{ fields: ['id', 'created_at', 'phone', 'template_name', 'template_code', 'sign_name', 'provider', 'status', 'provider_id', 'error'] }],
  },
  io: { export: ['id', 'created_at', 'phone', 'template_name', 'template_code', 'sign_name', 'provider', 'status', 'provider_id', 'error'] },
  page: { area: 'business', key: 'portalItSms', after: 'authTerminal', icon: 'FileTextOutlined' },
});
