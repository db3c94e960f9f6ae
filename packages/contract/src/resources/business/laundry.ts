import { declareResource, type OptionDecl } from '../types';
import { centsField, createdAtField, enableDisableActions, idField, statusField, updatedAtField } from '../common';

/** The programs a washer runs, priced per machine (`price_cents` is the standard wash). */
export const LAUNDRY_PROGRAM_OPTIONS: readonly OptionDecl[] = [
  { value: 'standard', label: { zh_CN: '标准洗', en: 'Standard' }, color: 'blue' },
  { value: 'quick', label: { zh_CN: '快速洗', en: 'Quick' }, color: 'cyan' },
  { value: 'heavy', label: { zh_CN: '强力洗', en: 'Heavy duty' }, color: 'purple' },
];

/** What the platform last said of a machine; `unknown` until it was first asked. */
export const LAUNDRY_STATE_OPTIONS: readonly OptionDecl[] = [
  { value: 'unknown', label: { zh_CN: '未查询', en: 'Not checked' }, color: 'default' },
  { value: 'idle', label: { zh_CN: '空闲', en: 'Idle' }, color: 'green' },
  { value: 'running', label: { zh_CN: '运行中', en: 'Running' }, color: 'blue' },
  { value: 'fault', label: { zh_CN: '故障', en: 'Fault' }, color: 'red' },
  { value: 'offline', label: { zh_CN: '离线', en: 'Offline' }, color: 'default' },
];

export const LAUNDRY_ORDER_STATE_OPTIONS: readonly OptionDecl[] = [
  { value: 'started', label: { zh_CN: '已启动', en: 'Started' }, color: 'green' },
  { value: 'refused', label: { zh_CN: '被拒绝', en: 'Refused' }, color: 'red' },
];

/**
 * SPEC §2 business "washing-machine integration" (洗衣机对接): the organisation's washers, bound to the external
 * laundry platform (LAUNDRY_PROVIDER) by the platform's machine id. `refresh` asks the platform for a machine's
 * state and keeps it with the time asked; `start` runs a program, priced here, and writes a laundry order.
 */
export const laundryMachineResource = declareResource({
  key: 'business.laundry_machine',
  path: '/admin/business/laundry',
  title: { zh_CN: '洗衣机对接', en: 'Laundry machines' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, required: true, max: 64 },
    site: {
      type: 'text', label: { zh_CN: '站点', en: 'Site' }, max: 64, default: '',
      help: { zh_CN: '洗衣平台上的站点（楼栋、校区）', en: 'The site at the laundry platform (a building, a campus)' },
    },
    place: { type: 'text', label: { zh_CN: '位置', en: 'Place' }, max: 64, default: '' },
    external_id: {
      type: 'text', label: { zh_CN: '平台机器编号', en: 'Platform machine id' }, required: true, max: 64,
      help: { zh_CN: '洗衣平台中该机器的编号，组织内唯一', en: 'The machine\'s id at the laundry platform; unique in the organisation' },
    },
    price_cents: centsField('标准洗价格', 'Standard wash price', { required: true }),
    quick_price_cents: centsField('快速洗价格', 'Quick wash price', { default: 0 }),
    heavy_price_cents: centsField('强力洗价格', 'Heavy wash price', { default: 0 }),
    status: statusField,
    state: { type: 'select', label: { zh_CN: '机器状态', en: 'State' }, options: LAUNDRY_STATE_OPTIONS, editable: 'never', default: 'unknown' },
    remaining_min: { type: 'integer', label: { zh_CN: '剩余分钟', en: 'Minutes left' }, editable: 'never' },
    checked_at: { type: 'datetime', label: { zh_CN: '查询时间', en: 'Checked' }, editable: 'never' },
    /** The program of the last start; asked by the start action's form. */
    program: { type: 'select', label: { zh_CN: '洗衣程序', en: 'Program' }, options: LAUNDRY_PROGRAM_OPTIONS, editable: 'never' },
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'name', width: 160, sortable: true, priority: 1 },
      { field: 'external_id', width: 160, priority: 1 },
      { field: 'site', width: 140 },
      { field: 'place', width: 140, priority: 3 },
      { field: 'price_cents', width: 150 },
      { field: 'state', width: 100, priority: 1 },
      { field: 'remaining_min', width: 100 },
      { field: 'checked_at', width: 180, priority: 3 },
      { field: 'status', width: 90, priority: 1 },
    ],
    filters: [{ field: 'site', kind: 'eq' }, { field: 'state', kind: 'eq' }, { field: 'status', kind: 'eq' }, { field: 'external_id', kind: 'prefix' }],
    keyword: { fields: ['name'], placeholder: { zh_CN: '名称', en: 'Name' } },
    defaultSort: { field: 'name', order: 'asc' },
  },
  form: {
    columns: 2,
    sections: [{ fields: ['name', 'external_id', 'site', 'place', 'price_cents', 'quick_price_cents', 'heavy_price_cents'] }],
  },
  actions: [
    ...enableDisableActions('status', { zh_CN: '洗衣机', en: 'machines' }),
    { name: 'refresh', label: { zh_CN: '刷新状态', en: 'Refresh state' }, placement: 'row' },
    {
      name: 'start', label: { zh_CN: '启动洗衣', en: 'Start a wash' }, placement: 'row', fields: ['program'],
      confirm: { zh_CN: '确定启动该洗衣机吗？将生成一笔洗衣订单。', en: 'Start this machine? A laundry order is recorded.' },
    },
  ],
  picker: { label: ['name', 'external_id'], search: ['name'] },
  usedBy: [{ resource: 'business.laundry_order', field: 'machine_id', onRemove: 'ask', label: { zh_CN: '洗衣订单', en: 'laundry orders' }, name: 'order_no' }],
  page: { area: 'business', key: 'laundry', after: 'svipTime', icon: 'ShopOutlined' },
  io: { export: ['id', 'name', 'external_id', 'site', 'place', 'price_cents', 'quick_price_cents', 'heavy_price_cents', 'state', 'remaining_min', 'checked_at', 'status', 'created_at'] },
  example: { name: 'Washer 1', external_id: 'W-0001', site: 'Block A', place: 'Floor 2 laundry room', price_cents: 400 },
});

/** `/admin/business/laundry_order`: every start asked of the platform through `start`, accepted or refused by it. */
export const laundryOrderResource = declareResource({
  key: 'business.laundry_order',
  path: '/admin/business/laundry_order',
  title: { zh_CN: '洗衣订单', en: 'Laundry orders' },
  scope: 'org',
  fields: {
    id: idField,
    order_no: { type: 'text', label: { zh_CN: '订单号', en: 'Order number' }, editable: 'never', max: 32 },
    machine_id: { type: 'ref', label: { zh_CN: '洗衣机', en: 'Machine' }, ref: { resource: 'business.laundry_machine' }, editable: 'never' },
    external_id: { type: 'text', label: { zh_CN: '平台机器编号', en: 'Platform machine id' }, editable: 'never', max: 64 },
    program: { type: 'select', label: { zh_CN: '洗衣程序', en: 'Program' }, options: LAUNDRY_PROGRAM_OPTIONS, editable: 'never' },
    amount_cents: centsField('金额', 'Amount', { editable: 'never' }),
    state: { type: 'select', label: { zh_CN: '结果', en: 'Result' }, options: LAUNDRY_ORDER_STATE_OPTIONS, editable: 'never' },
    reason: { type: 'text', label: { zh_CN: '拒绝原因', en: 'Refusal reason' }, editable: 'never', max: 32 },
    created_by: { type: 'ref', label: { zh_CN: '操作人', en: 'By' }, ref: { resource: 'system.user' }, editable: 'never' },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'order_no', width: 200, priority: 1 },
      { field: 'machine_id', width: 180, render: 'refLabel', priority: 1 },
      { field: 'program', width: 100 },
      { field: 'amount_cents', width: 120 },
      { field: 'state', width: 100, priority: 1 },
      { field: 'reason', width: 120, priority: 3 },
      { field: 'created_by', width: 130, render: 'refLabel', priority: 3 },
      { field: 'created_at', width: 180, sortable: true, priority: 1 },
    ],
    filters: [
      { field: 'machine_id', kind: 'eq' }, { field: 'state', kind: 'eq' }, { field: 'order_no', kind: 'prefix' }, { field: 'created_at', kind: 'range' },
    ],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  page: { area: 'business', key: 'laundryOrder', after: 'laundry', icon: 'FileTextOutlined' },
  io: { export: ['order_no', 'machine_id', 'external_id', 'program', 'amount_cents', 'state', 'reason', 'created_by', 'created_at'] },
});
