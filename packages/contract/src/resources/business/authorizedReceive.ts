import { declareResource, type FieldDecl } from '../types';
import { createdAtField, idField, remarkField } from '../common';
import { LICENCE_GRANT_STATE_OPTIONS } from '../../business/licenceGrant';
import { DEVICE_AUTH_FEATURE_OPTIONS } from '../device/deviceAuth';

/**
 * Licence grants, seen from both sides of one table: the receiving organisation's `authorized_receive` (rows sent to
 * it: accept or refuse) and the sending one's `authorized_send` (rows it sent: send, withdraw). The licence terms
 * are those of a device licence (`device.device_auth`), which an accepted grant becomes in the receiving organisation.
 */

const at = (zh_CN: string, en: string): FieldDecl => ({ type: 'datetime', label: { zh_CN, en }, editable: 'never' });
const text = (zh_CN: string, en: string): FieldDecl => ({ type: 'text', label: { zh_CN, en }, editable: 'never' });

/** The licence's terms, as the sender writes them and the receiver gets them. */
const terms = {
  feature: { type: 'select', label: { zh_CN: '授权功能', en: 'Feature' }, options: DEVICE_AUTH_FEATURE_OPTIONS, required: true },
  model_id: {
    type: 'ref', label: { zh_CN: '型号', en: 'Model' }, ref: { resource: 'device.model' },
    help: { zh_CN: '型号或序列号至少填写一项', en: 'Give a model, a serial, or both' },
  },
  serial: { type: 'text', label: { zh_CN: '设备序列号', en: 'Device serial' }, rule: 'serial', min: 3, max: 64 },
  quantity: { type: 'integer', label: { zh_CN: '数量', en: 'Quantity' }, min: 1, max: 100_000, required: true },
  valid_from: { type: 'datetime', label: { zh_CN: '生效时间', en: 'Valid from' }, required: true },
  valid_until: {
    type: 'datetime', label: { zh_CN: '到期时间', en: 'Valid until' },
    help: { zh_CN: '留空为永久有效', en: 'Empty: never expires' },
  },
  deadline: {
    type: 'datetime', label: { zh_CN: '接收截止', en: 'Accept by' },
    help: { zh_CN: '逾期未接收则授权失效；留空为不限', en: 'Not accepted by then, the grant expires; empty: no deadline' },
  },
} satisfies Record<string, FieldDecl>;

/** What became of it: state (expired computed at read), the refusal's reason, the licence it created, who decided. */
const outcome = {
  state: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: LICENCE_GRANT_STATE_OPTIONS, editable: 'never' },
  reason: { type: 'textarea', label: { zh_CN: '拒收原因', en: 'Reason for refusal' }, required: true, max: 500, editable: 'never' },
  licence_code: text('授权码', 'Licence code'),
  decided_by_name: text('处理人', 'Decided by'),
  decided_at: at('处理时间', 'Decided'),
  remark: { ...remarkField, label: { zh_CN: '发放说明', en: 'Note from the sender' } },
  created_at: { ...createdAtField, label: { zh_CN: '下发时间', en: 'Sent' } },
} satisfies Record<string, FieldDecl>;

const termColumns = [
  { field: 'feature', width: 150 },
  { field: 'model_id', width: 150, render: 'refLabel' },
  { field: 'serial', width: 170 },
  { field: 'quantity', width: 90 },
  { field: 'valid_from', width: 180 },
  { field: 'valid_until', width: 180 },
  { field: 'deadline', width: 180, priority: 3 },
] as const;

/** `/admin/business/authorized_receive` (授权接收): licences offered to the caller's organisation. */
export const authorizedReceiveResource = declareResource({
  key: 'business.authorized_receive',
  path: '/admin/business/authorized_receive',
  title: { zh_CN: '授权接收', en: 'Received licences' },
  scope: 'org',
  fields: {
    id: idField,
    from_org_name: text('下发组织', 'From'),
    ...terms,
    ...outcome,
  },
  operations: ['list', 'detail'],
  list: {
    columns: [
      { field: 'from_org_name', width: 170, fixed: 'left' },
      ...termColumns,
      { field: 'state', width: 120 },
      { field: 'licence_code', width: 190 },
      { field: 'reason', ellipsis: true, priority: 3 },
      { field: 'created_at', width: 180, sortable: true },
      { field: 'decided_at', width: 180, priority: 3 },
    ],
    filters: [{ field: 'feature', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  detail: {
    sections: [{
      fields: ['from_org_name', 'feature', 'model_id', 'serial', 'quantity', 'valid_from', 'valid_until', 'deadline', 'remark', 'state',
        'licence_code', 'reason', 'decided_by_name', 'decided_at', 'created_at'],
    }],
  },
  actions: [
    {
      name: 'accept', label: { zh_CN: '接收', en: 'Accept' }, placement: 'row',
      confirm: { zh_CN: '接收后授权计入本组织的设备授权，确定接收吗？', en: 'The licence joins your device licences. Accept?' },
    },
    { name: 'refuse', label: { zh_CN: '拒收', en: 'Refuse' }, placement: 'row', danger: true, fields: ['reason'] },
  ],
  example: { reason: 'Not ordered by us' },
  page: { area: 'business', key: 'authorizedReceive', after: 'programmeStreamLog', icon: 'ApiOutlined' },
});

/** `/admin/business/authorized_send` (授权下发): licences the caller's organisation offered to others. */
export const authorizedSendResource = declareResource({
  key: 'business.authorized_send',
  path: '/admin/business/authorized_send',
  title: { zh_CN: '授权下发', en: 'Sent licences' },
  scope: 'org',
  fields: {
    id: idField,
    to_org_id: {
      type: 'integer', label: { zh_CN: '接收组织', en: 'Receiving organisation' }, min: 1, required: true, widget: 'licenceRecipient',
      help: { zh_CN: '平台可下发给任一组织；其他组织只能下发给同一集团的组织', en: 'The platform sends to any organisation; others only within their conglomerate' },
    },
    to_org_name: text('接收组织', 'Receiving organisation'),
    source_auth_id: {
      type: 'ref', label: { zh_CN: '来源授权', en: 'Drawn from licence' }, ref: { resource: 'device.device_auth' },
      help: {
        zh_CN: '非平台组织必填：从本组织持有的同功能授权中划出数量',
        en: 'Required outside the platform: the quantity comes out of a licence of the same feature your organisation holds',
      },
    },
    ...terms,
    ...outcome,
  },
  operations: ['list', 'detail', 'add'],
  list: {
    columns: [
      { field: 'to_org_name', width: 170, fixed: 'left' },
      ...termColumns,
      { field: 'state', width: 120 },
      { field: 'licence_code', width: 190, priority: 3 },
      { field: 'reason', ellipsis: true, priority: 3 },
      { field: 'created_at', width: 180, sortable: true },
      { field: 'decided_at', width: 180, priority: 3 },
    ],
    filters: [{ field: 'feature', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: {
    columns: 2,
    sections: [{ fields: ['to_org_id', 'source_auth_id', 'feature', 'model_id', 'serial', 'quantity', 'valid_from', 'valid_until', 'deadline', 'remark'] }],
  },
  detail: {
    sections: [{
      fields: ['to_org_name', 'source_auth_id', 'feature', 'model_id', 'serial', 'quantity', 'valid_from', 'valid_until', 'deadline', 'remark',
        'state', 'licence_code', 'reason', 'decided_by_name', 'decided_at', 'created_at'],
    }],
  },
  actions: [
    {
      name: 'withdraw', label: { zh_CN: '撤回', en: 'Withdraw' }, placement: 'row', danger: true,
      confirm: { zh_CN: '确定撤回该授权吗？', en: 'Withdraw this licence grant?' },
    },
  ],
  example: { to_org_id: 2, feature: 'portal', serial: 'GRANT-EXAMPLE-0001', quantity: 10, valid_from: '2026-01-01T00:00:00Z', valid_until: '2036-01-01T00:00:00Z' },
  page: { area: 'business', key: 'authorizedSend', after: 'authorizedReceive', icon: 'CloudUploadOutlined' },
});
