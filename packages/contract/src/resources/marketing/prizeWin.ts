import { declareResource } from '../types';
import { createdAtField, idField } from '../common';

export const WIN_WON = 0;
export const WIN_REDEEMED = 1;
export const WIN_EXPIRED = 2;

/**
 * `/admin/boos/marketing/prize_win`: winners of the organisation's draws (made by `draw`, never by hand), with
 * their redemption state: won → redeemed | expired.
 */
export const prizeWinResource = declareResource({
  key: 'marketing.prize_win',
  path: '/admin/boos/marketing/prize_win',
  title: { zh_CN: '中奖记录', en: 'Prize winners' },
  scope: 'org',
  fields: {
    id: idField,
    activity_id: { type: 'ref', label: { zh_CN: '抽奖活动', en: 'Draw' }, ref: { resource: 'marketing.prize_settings' }, editable: 'never' },
    prize_name: { type: 'text', label: { zh_CN: '奖品', en: 'Prize' }, editable: 'never' },
    participant: { type: 'text', label: { zh_CN: '中奖者', en: 'Winner' }, editable: 'never', max: 64 },
    status: {
      type: 'select', label: { zh_CN: '兑奖状态', en: 'Redemption' }, editable: 'never', default: WIN_WON,
      options: [
        { value: WIN_WON, label: { zh_CN: '待兑奖', en: 'Won' }, color: 'orange' },
        { value: WIN_REDEEMED, label: { zh_CN: '已兑奖', en: 'Redeemed' }, color: 'green' },
        { value: WIN_EXPIRED, label: { zh_CN: '已过期', en: 'Expired' }, color: 'default' },
      ],
    },
    redeemed_at: { type: 'datetime', label: { zh_CN: '兑奖时间', en: 'Redeemed' }, editable: 'never' },
    created_at: { ...createdAtField, label: { zh_CN: '中奖时间', en: 'Won' } },
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'activity_id', width: 180, render: 'refLabel' },
      { field: 'prize_name', width: 160, priority: 1 },
      { field: 'participant', width: 160, priority: 1 },
      { field: 'status', width: 110 },
      { field: 'created_at', width: 180, sortable: true },
      { field: 'redeemed_at', width: 180 },
    ],
    filters: [
      { field: 'activity_id', kind: 'eq' }, { field: 'participant', kind: 'prefix' }, { field: 'status', kind: 'eq' }, { field: 'created_at', kind: 'range' },
    ],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  detail: { sections: [{ fields: ['id', 'activity_id', 'prize_name', 'participant', 'status', 'created_at', 'redeemed_at'] }] },
  actions: [
    {
      name: 'redeem', label: { zh_CN: '兑奖', en: 'Redeem' }, placement: 'row',
      confirm: { zh_CN: '确认该奖品已兑付给中奖者？', en: 'Confirm the prize was handed to the winner?' },
      transition: { field: 'status', from: [WIN_WON], to: WIN_REDEEMED },
    },
    {
      name: 'expire', label: { zh_CN: '作废', en: 'Expire' }, placement: 'both', danger: true,
      transition: { field: 'status', from: [WIN_WON], to: WIN_EXPIRED },
      confirm: { zh_CN: '作废后不能再兑奖，确定吗？', en: 'An expired prize can no longer be redeemed. Continue?' },
    },
  ],
  io: { export: ['id', 'activity_id', 'prize_name', 'participant', 'status', 'created_at', 'redeemed_at'] },
});
