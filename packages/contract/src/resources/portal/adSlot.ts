import { declareResource } from '../types';
import { centsField, createdAtField, enableDisableActions, idField, remarkField, statusField } from '../common';

/** The guest pages an ad slot can sit on: the sign-in page, and the page shown once the guest is online. */
export const AD_PAGE_LOGIN = 'login';
export const AD_PAGE_SUCCESS = 'success';
export type AdPage = typeof AD_PAGE_LOGIN | typeof AD_PAGE_SUCCESS;

/** Ads one slot may show at once. */
export const AD_SLOT_MAX_ADS = 10;

/**
 * `/admin/other_business/adv_code` (SPEC §7 value-added "ad revenue"): the organisation's ad slots on the guest
 * pages and what they earn. A slot shows up to `max_ads` of its live ads; each view earns the slot's price per
 * thousand views divided by a thousand, each click its price per click. Prices apply from the moment they change:
 * what was earned is kept with the day it was earned in, never recomputed.
 */
export const portalAdSlotResource = declareResource({
  key: 'portal.ad_slot',
  path: '/admin/other_business/adv_code',
  title: { zh_CN: '广告位', en: 'Ad slots' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, required: true, max: 64 },
    placement: {
      type: 'select', label: { zh_CN: '所在页面', en: 'Page' }, required: true, default: AD_PAGE_LOGIN,
      options: [
        { value: AD_PAGE_LOGIN, label: { zh_CN: '认证页', en: 'Sign-in page' } },
        { value: AD_PAGE_SUCCESS, label: { zh_CN: '上网成功页', en: 'Online page' } },
      ],
    },
    max_ads: {
      type: 'integer', label: { zh_CN: '同时展示数', en: 'Ads shown at once' }, min: 1, max: AD_SLOT_MAX_ADS, default: 3,
      help: { zh_CN: '按广告排序取前几条', en: 'The first ones by the ads\' order' },
    },
    cpm_cents: centsField('千次展示价', 'Price per 1,000 views', { max: 10_000_000, default: 0 }),
    cpc_cents: centsField('单次点击价', 'Price per click', { max: 1_000_000, default: 0 }),
    status: statusField,
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'name', width: 180, sortable: true, priority: 1 },
      { field: 'placement', width: 130 },
      { field: 'max_ads', width: 120 },
      { field: 'cpm_cents', width: 150, sortable: true, render: 'cents', priority: 1 },
      { field: 'cpc_cents', width: 150, sortable: true, render: 'cents' },
      { field: 'status', width: 100, priority: 1 },
      { field: 'created_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'placement', kind: 'eq' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'placement', 'max_ads', 'cpm_cents', 'cpc_cents', 'remark'] }] },
  actions: enableDisableActions('status', { zh_CN: '广告位', en: 'ad slots' }),
  picker: { label: ['name'], search: ['name'] },
  io: { export: ['id', 'name', 'placement', 'max_ads', 'cpm_cents', 'cpc_cents', 'status', 'remark', 'created_at'] },
  example: { name: 'Sign-in banner', placement: AD_PAGE_LOGIN, max_ads: 3, cpm_cents: 2000, cpc_cents: 50 },
  usedBy: [{ resource: 'portal.advert', field: 'slot_id', onRemove: 'refuse', label: { zh_CN: '广告', en: 'ads' }, name: 'title' }],
  page: { area: 'portal', key: 'adSlots', after: 'advertising', icon: 'BarChartOutlined' },
});
