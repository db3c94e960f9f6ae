import { declareResource, type OptionDecl } from '../types';
import { createdAtField, enableDisableActions, idField, statusField, updatedAtField } from '../common';

/** Most extra minutes a day one grant gives (a whole day). */
export const SVIP_BONUS_MAX = 1440;

export const svipIdentityKindOptions: readonly OptionDecl[] = [
  { value: 'phone', label: { zh_CN: '手机号', en: 'Phone' }, color: 'blue' },
  { value: 'mac', label: { zh_CN: 'MAC 地址', en: 'MAC address' }, color: 'purple' },
];

/**
 * SPEC §2 business "SVIP time" (SVIP 时长): extra portal online time a day for VIP guests, by phone number or device
 * MAC, within an optional window. The portal's sign-in adds the largest enabled grant valid now to the daily allowance.
 */
export const svipTimeResource = declareResource({
  key: 'business.svip_time',
  path: '/admin/business/svip_time',
  title: { zh_CN: 'SVIP 时长', en: 'SVIP time' },
  scope: 'org',
  fields: {
    id: idField,
    identity_kind: { type: 'select', label: { zh_CN: '身份类型', en: 'Identity kind' }, options: svipIdentityKindOptions, default: 'phone' },
    identity: {
      type: 'text', label: { zh_CN: '手机号 / MAC', en: 'Phone / MAC' }, required: true, max: 32,
      help: { zh_CN: '手机号为 11 位大陆手机号；MAC 保存为 AA:BB:CC:DD:EE:FF', en: 'Phone: 11-digit mainland mobile; a MAC is kept as AA:BB:CC:DD:EE:FF' },
    },
    bonus_minutes: {
      type: 'integer', label: { zh_CN: '每日加赠时长（分钟）', en: 'Extra minutes a day' }, required: true, min: 1, max: SVIP_BONUS_MAX,
    },
    valid_from: { type: 'datetime', label: { zh_CN: '生效时间', en: 'Valid from' } },
    valid_until: { type: 'datetime', label: { zh_CN: '失效时间', en: 'Valid until' } },
    remark: { type: 'text', label: { zh_CN: '备注', en: 'Remark' }, max: 200, default: '' },
    status: statusField,
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'identity_kind', width: 110, priority: 1 },
      { field: 'identity', width: 180, priority: 1 },
      { field: 'bonus_minutes', width: 140, sortable: true, priority: 1 },
      { field: 'valid_from', width: 180 },
      { field: 'valid_until', width: 180, sortable: true },
      { field: 'status', width: 100, priority: 1 },
      { field: 'remark', width: 160, ellipsis: true, priority: 3 },
      { field: 'updated_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [{ field: 'identity_kind', kind: 'eq' }, { field: 'identity', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'updated_at', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['identity_kind', 'identity', 'bonus_minutes', 'valid_from', 'valid_until', 'remark'] }] },
  actions: enableDisableActions('status', { zh_CN: 'SVIP 时长', en: 'SVIP grants' }),
  page: { area: 'business', key: 'svipTime', after: 'groupTeam', icon: 'CrownOutlined' },
  io: { export: ['id', 'identity_kind', 'identity', 'bonus_minutes', 'valid_from', 'valid_until', 'remark', 'status', 'created_at', 'updated_at'] },
  example: { identity_kind: 'phone', identity: '13800138000', bonus_minutes: 60 },
});
