import { declareResource } from '../types';
import { createdAtField, idField, orgRef } from '../common';
import {
  CLAIM_LIFECYCLE, CLAIM_STATE_OPTIONS, SHARE_LIFECYCLE, SHARE_STATE_OPTIONS, TRANSFER_LIFECYCLE, TRANSFER_STATE_OPTIONS, transitionOf,
} from '../../device/lifecycle';
import { FAMILY_OPTIONS } from './model';
import { ONLINE_OPTIONS } from './binding';

const at = (zh_CN: string, en: string) => ({ type: 'datetime', label: { zh_CN, en }, editable: 'never' }) as const;
const serial = { type: 'text', label: { zh_CN: '序列号', en: 'Serial' }, editable: 'never', max: 64 } as const;
const family = { type: 'select', label: { zh_CN: '类型', en: 'Family' }, options: FAMILY_OPTIONS, editable: 'never' } as const;

/**
 * `/admin/device/audit`: claims under review. An organisation claims a unit (`binding` `claim`: serial +
 * authorization number); the platform agrees (the device joins the organisation, managed) or rejects with a reason
 * (the unit returns to stock); the claimant may withdraw a pending claim. The steps are `CLAIM_LIFECYCLE`.
 */
export const deviceAuditResource = declareResource({
  key: 'device.audit',
  path: '/admin/device/audit',
  title: { zh_CN: '设备审核', en: 'Device review' },
  scope: 'org',
  platformSeesAll: true,
  fields: {
    id: idField,
    serial,
    family,
    model_id: { type: 'ref', label: { zh_CN: '型号', en: 'Model' }, ref: { resource: 'device.model' }, editable: 'never' },
    org_id: orgRef('申请组织', 'Claimed by'),
    state: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: CLAIM_STATE_OPTIONS, editable: 'never' },
    reason: {
      type: 'textarea', label: { zh_CN: '驳回原因', en: 'Reason for rejection' }, required: true, max: 500, editable: 'never',
    },
    created_at: { ...createdAtField, label: { zh_CN: '申请时间', en: 'Claimed' } },
    reviewed_at: at('审核时间', 'Reviewed'),
  },
  operations: ['list', 'detail'],
  list: {
    columns: [
      { field: 'serial', width: 190, fixed: 'left' },
      { field: 'family', width: 140 },
      { field: 'model_id', width: 150, render: 'refLabel' },
      { field: 'org_id', width: 160, render: 'refLabel' },
      { field: 'state', width: 100 },
      { field: 'reason', ellipsis: true },
      { field: 'created_at', width: 180, sortable: true },
      { field: 'reviewed_at', width: 180 },
    ],
    filters: [{ field: 'state', kind: 'eq' }, { field: 'serial', kind: 'prefix' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  actions: [
    {
      name: 'agree', label: { zh_CN: '同意', en: 'Agree' }, placement: 'both', platform: true,
      transition: transitionOf(CLAIM_LIFECYCLE, 'agree'),
      confirm: { zh_CN: '同意后设备归属申请组织，确定同意吗？', en: 'The devices join the claiming organisation. Agree?' },
    },
    { name: 'reject', label: { zh_CN: '驳回', en: 'Reject' }, placement: 'row', danger: true, platform: true, fields: ['reason'] },
    {
      name: 'cancel', label: { zh_CN: '撤回', en: 'Withdraw' }, placement: 'row', danger: true,
      transition: transitionOf(CLAIM_LIFECYCLE, 'cancel'),
      confirm: { zh_CN: '确定撤回该认领申请吗？', en: 'Withdraw this claim?' },
    },
  ],
  example: { reason: 'Serial not on the delivery note' },
});

/**
 * `/admin/device/transfer`: a device offered to another organisation (`binding` `transfer`), which accepts or
 * declines; the sender may withdraw while it waits. Both organisations see the row. Steps: `TRANSFER_LIFECYCLE`.
 */
export const deviceTransferResource = declareResource({
  key: 'device.transfer',
  path: '/admin/device/transfer',
  title: { zh_CN: '设备转移', en: 'Device transfers' },
  scope: 'org',
  fields: {
    id: idField,
    serial,
    family,
    from_org_id: orgRef('转出组织', 'From'),
    to_org_id: orgRef('接收组织', 'To'),
    state: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: TRANSFER_STATE_OPTIONS, editable: 'never' },
    created_at: { ...createdAtField, label: { zh_CN: '发起时间', en: 'Offered' } },
    decided_at: at('处理时间', 'Decided'),
  },
  operations: ['list', 'detail'],
  list: {
    columns: [
      { field: 'serial', width: 190, fixed: 'left' },
      { field: 'family', width: 140 },
      { field: 'from_org_id', width: 160, render: 'refLabel' },
      { field: 'to_org_id', width: 160, render: 'refLabel' },
      { field: 'state', width: 120 },
      { field: 'created_at', width: 180, sortable: true },
      { field: 'decided_at', width: 180 },
    ],
    filters: [{ field: 'state', kind: 'eq' }, { field: 'serial', kind: 'prefix' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  actions: [
    {
      name: 'accept', label: { zh_CN: '接收', en: 'Accept' }, placement: 'row', transition: transitionOf(TRANSFER_LIFECYCLE, 'accept'),
      confirm: { zh_CN: '接收后设备归属本组织，确定接收吗？', en: 'The device joins your organisation. Accept?' },
    },
    {
      name: 'decline', label: { zh_CN: '拒收', en: 'Decline' }, placement: 'row', danger: true, transition: transitionOf(TRANSFER_LIFECYCLE, 'decline'),
      confirm: { zh_CN: '确定拒收该设备吗？', en: 'Decline this device?' },
    },
    {
      name: 'cancel', label: { zh_CN: '撤回', en: 'Withdraw' }, placement: 'row', danger: true, transition: transitionOf(TRANSFER_LIFECYCLE, 'cancel'),
      confirm: { zh_CN: '确定撤回该转移吗？', en: 'Withdraw this transfer?' },
    },
    {
      // The sender's: a fresh `/authorizedtoreceive` link with its QR code (only the hash is kept, so it is re-issued).
      name: 'link', label: { zh_CN: '接收链接', en: 'Receiving link' }, placement: 'row',
      confirm: {
        zh_CN: '将生成新的接收链接，之前发出的链接随即失效。继续吗？',
        en: 'A new receiving link replaces the one sent before, which stops working. Continue?',
      },
    },
  ],
});

/**
 * `/admin/device/share`: devices shared read-only with another organisation (`binding` `share`). The receiving
 * organisation sees the device's presence and firmware here and nothing else; the owner revokes. Steps:
 * `SHARE_LIFECYCLE`.
 */
export const deviceShareResource = declareResource({
  key: 'device.share',
  path: '/admin/device/share',
  title: { zh_CN: '设备共享', en: 'Shared devices' },
  scope: 'org',
  fields: {
    id: idField,
    serial,
    family,
    model: { type: 'text', label: { zh_CN: '型号', en: 'Model' }, editable: 'never', max: 64 },
    fw: { type: 'text', label: { zh_CN: '固件版本', en: 'Firmware' }, editable: 'never', max: 64 },
    online: { type: 'select', label: { zh_CN: '在线状态', en: 'Online' }, options: ONLINE_OPTIONS, editable: 'never' },
    last_seen_at: at('最后活动', 'Last seen'),
    from_org_id: orgRef('所有组织', 'Owner'),
    to_org_id: orgRef('共享给', 'Shared with'),
    state: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: SHARE_STATE_OPTIONS, editable: 'never' },
    created_at: { ...createdAtField, label: { zh_CN: '共享时间', en: 'Shared' } },
  },
  operations: ['list', 'detail'],
  list: {
    columns: [
      { field: 'serial', width: 190, fixed: 'left' },
      { field: 'family', width: 140 },
      { field: 'model', width: 120 },
      { field: 'online', width: 100 },
      { field: 'fw', width: 120 },
      { field: 'last_seen_at', width: 180 },
      { field: 'from_org_id', width: 160, render: 'refLabel' },
      { field: 'to_org_id', width: 160, render: 'refLabel' },
      { field: 'state', width: 100 },
    ],
    filters: [{ field: 'state', kind: 'eq' }, { field: 'serial', kind: 'prefix' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  actions: [
    {
      name: 'revoke', label: { zh_CN: '取消共享', en: 'Revoke' }, placement: 'both', danger: true,
      transition: transitionOf(SHARE_LIFECYCLE, 'revoke'),
      confirm: { zh_CN: '确定取消共享吗？', en: 'Stop sharing the selected devices?' },
    },
  ],
});
