import { declareResource, type FieldDecl, type Label, type OptionDecl } from '../types';
import { centsField, createdAtField, enableDisableActions, idField, remarkField, statusField, updatedAtField } from '../common';
import { transitionOf, type StateMachine } from '../../device/lifecycle';

/**
 * Quotations (SPEC §2 "quote device", §1 "quotation and project area"; SPEC §7 names no path, these follow the
 * business section's): a price list of quotable devices, and quotations built from it line by line. Money is
 * integer cents (fen) everywhere; every total is computed by the server, never taken from the request.
 */

const cents = (zh: string, en: string, extra: Partial<FieldDecl> = {}): FieldDecl => centsField(zh, en, { max: QUOTE_PRICE_MAX_CENTS, ...extra });

/** Largest unit price, in cents (¥1,000,000): with the quantity and line caps every total stays an exact integer. */
export const QUOTE_PRICE_MAX_CENTS = 100_000_000;
/** Largest quantity of one line. */
export const QUOTE_QUANTITY_MAX = 100_000;
/** Lines one quotation may hold. */
export const QUOTATION_LINES_MAX = 200;
/** Largest stock of one price-list device. */
export const QUOTE_STOCK_MAX = 1_000_000;
/** Largest tax rate, in basis points (10,000 = 100 %). */
export const QUOTE_TAX_RATE_MAX_BP = 10_000;

/** `/admin/business/quote_device`: the organisation's price list of devices it quotes. */
export const quoteDeviceResource = declareResource({
  key: 'business.quote_device',
  path: '/admin/business/quote_device',
  title: { zh_CN: '报价设备', en: 'Quote devices' },
  scope: 'org',
  fields: {
    id: idField,
    model: { type: 'text', label: { zh_CN: '型号', en: 'Model' }, required: true, max: 64 },
    name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, required: true, max: 100 },
    unit_price_cents: cents('单价', 'Unit price', { required: true }),
    cost_cents: cents('成本价', 'Cost', {
      default: 0, help: { zh_CN: '内部成本，不出现在报价单上；单价可低于成本', en: 'Internal cost, never on the quotation sheet; the price may be below it' },
    }),
    margin_cents: { type: 'integer', label: { zh_CN: '毛利（分）', en: 'Margin (fen)' }, editable: 'never' },
    stock: {
      type: 'integer', label: { zh_CN: '库存', en: 'Stock' }, min: 0, max: QUOTE_STOCK_MAX, default: 0,
      help: { zh_CN: '仅供参考：报价单被接受时库存不变', en: 'For reference: accepting a quotation does not change it' },
    },
    unit: { type: 'text', label: { zh_CN: '单位', en: 'Unit' }, max: 16, placeholder: { zh_CN: '台、套、个', en: 'pcs, set' } },
    status: statusField,
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'model', width: 160, sortable: true, priority: 1 },
      { field: 'name', width: 200, priority: 1 },
      { field: 'unit_price_cents', width: 140, sortable: true, render: 'cents', priority: 1 },
      { field: 'cost_cents', width: 140, render: 'cents', priority: 3 },
      { field: 'margin_cents', width: 140, render: 'cents', priority: 3 },
      { field: 'stock', width: 100, priority: 2 },
      { field: 'unit', width: 80 },
      { field: 'status', width: 100 },
      { field: 'remark', ellipsis: true, priority: 3 },
    ],
    filters: [{ field: 'model', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    keyword: { fields: ['model', 'name'], placeholder: { zh_CN: '型号或名称', en: 'Model or name' } },
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['model', 'name', 'unit_price_cents', 'cost_cents', 'stock', 'unit', 'remark'] }] },
  actions: enableDisableActions('status', { zh_CN: '报价设备', en: 'quote devices' }),
  picker: { label: ['model', 'name'], search: ['model', 'name'] },
  io: { export: ['id', 'model', 'name', 'unit_price_cents', 'cost_cents', 'margin_cents', 'stock', 'unit', 'status', 'remark'] },
  example: { model: 'GX-AP-620', name: 'Ceiling Wi-Fi 6 AP', unit_price_cents: 129_900, unit: 'pcs' },
  usedBy: [
    { resource: 'business.quotation_line', field: 'quote_device_id', onRemove: 'refuse', label: { zh_CN: '报价明细', en: 'quotation lines' }, name: 'quotation_id' },
  ],
  page: { area: 'business', key: 'quoteDevice', path: 'quote-device', after: 'timedTaskRun', icon: 'TagsOutlined' },
});

/**
 * A quotation's states as data (the server enforces them, the console offers the moves, the tests iterate them):
 * drafted, sent to the customer, then accepted, rejected or expired. Only a draft may be edited or deleted, and its
 * lines changed.
 */
export const QUOTATION_STATES = ['draft', 'sent', 'accepted', 'rejected', 'expired'] as const;
export type QuotationState = (typeof QUOTATION_STATES)[number];
export const QUOTATION_LIFECYCLE: StateMachine<QuotationState> = [
  { action: 'send', from: ['draft'], to: 'sent', by: 'owner' },
  { action: 'accept', from: ['sent'], to: 'accepted', by: 'owner' },
  { action: 'reject', from: ['sent'], to: 'rejected', by: 'owner' },
  { action: 'expire', from: ['sent'], to: 'expired', by: 'owner' },
];
/** The only state in which a quotation and its lines may change. */
export const QUOTATION_EDITABLE_STATE: QuotationState = 'draft';

export const QUOTATION_STATE_OPTIONS: readonly OptionDecl[] = [
  { value: 'draft', label: { zh_CN: '草稿', en: 'Draft' }, color: 'default' },
  { value: 'sent', label: { zh_CN: '已发送', en: 'Sent' }, color: 'blue' },
  { value: 'accepted', label: { zh_CN: '已接受', en: 'Accepted' }, color: 'green' },
  { value: 'rejected', label: { zh_CN: '已拒绝', en: 'Rejected' }, color: 'red' },
  { value: 'expired', label: { zh_CN: '已过期', en: 'Expired' }, color: 'gold' },
];

/**
 * A line's amount: quantity × unit price, less the discount (percent), rounded half up to the cent. Integer
 * arithmetic throughout (BigInt), so the server, the sheet and the tests agree to the cent.
 */
export function quotationLineCents(quantity: number, unitPriceCents: number, discountPercent: number): number {
  const gross = BigInt(quantity) * BigInt(unitPriceCents) * BigInt(100 - discountPercent);
  return Number((gross + 50n) / 100n);
}

/**
 * A quotation's tax: the amount after discounts × the rate in basis points / 10,000, rounded half up to the cent.
 * BigInt, as the product passes 2^53 at the caps (2·10^15 cents × 10,000); the server's SQL computes the same in
 * numeric. 1 fen at 6 % → 0; 50 fen at 1 % → 1.
 */
export function quotationTaxCents(netCents: number, rateBp: number): number {
  return Number((BigInt(netCents) * BigInt(rateBp) + 5000n) / 10000n);
}

/** A rate in basis points as a percent, exactly: 600 → "6", 650 → "6.5", 1 → "0.01". */
export function taxRateText(rateBp: number): string {
  const frac = String(rateBp % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${Math.floor(rateBp / 100)}.${frac}` : String(Math.floor(rateBp / 100));
}

/** `/admin/business/quotation`: the organisation's quotations; numbered `Q<year>-00001` per organisation. */
export const quotationResource = declareResource({
  key: 'business.quotation',
  path: '/admin/business/quotation',
  title: { zh_CN: '报价单', en: 'Quotations' },
  scope: 'org',
  fields: {
    id: idField,
    quote_no: { type: 'text', label: { zh_CN: '报价单号', en: 'Quotation number' }, editable: 'never' },
    customer: { type: 'text', label: { zh_CN: '客户', en: 'Customer' }, required: true, max: 100 },
    project_id: { type: 'ref', label: { zh_CN: '项目', en: 'Project' }, ref: { resource: 'business.project' } },
    state: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: QUOTATION_STATE_OPTIONS, editable: 'never', default: 'draft' },
    valid_until: { type: 'datetime', label: { zh_CN: '有效期至', en: 'Valid until' } },
    line_count: { type: 'integer', label: { zh_CN: '明细数', en: 'Lines' }, editable: 'never' },
    subtotal_cents: { type: 'integer', label: { zh_CN: '原价合计（分）', en: 'List total (fen)' }, editable: 'never' },
    discount_cents: { type: 'integer', label: { zh_CN: '折扣金额（分）', en: 'Discount (fen)' }, editable: 'never' },
    net_cents: { type: 'integer', label: { zh_CN: '折后小计（分）', en: 'Subtotal after discounts (fen)' }, editable: 'never' },
    tax_rate_bp: {
      type: 'integer', label: { zh_CN: '税率（基点）', en: 'Tax rate (basis points)' }, min: 0, max: QUOTE_TAX_RATE_MAX_BP, default: 0,
      help: { zh_CN: '以基点计，600 即 6%；0 为不含税', en: 'In basis points: 600 = 6 %; 0 for no tax' },
    },
    tax_cents: { type: 'integer', label: { zh_CN: '税额（分）', en: 'Tax (fen)' }, editable: 'never' },
    total_cents: { type: 'integer', label: { zh_CN: '报价总额（分）', en: 'Total (fen)' }, editable: 'never' },
    remark: remarkField,
    created_by: { type: 'ref', label: { zh_CN: '制单人', en: 'Prepared by' }, ref: { resource: 'system.user' }, editable: 'never' },
    sent_at: { type: 'datetime', label: { zh_CN: '发送时间', en: 'Sent' }, editable: 'never' },
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'quote_no', width: 150, sortable: true, priority: 1 },
      { field: 'customer', width: 200, priority: 1 },
      { field: 'project_id', width: 160, render: 'refLabel', priority: 3 },
      { field: 'state', width: 100, priority: 1 },
      { field: 'line_count', width: 80 },
      { field: 'total_cents', width: 140, render: 'cents', priority: 1 },
      { field: 'valid_until', width: 180, priority: 3 },
      { field: 'created_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [{ field: 'quote_no', kind: 'prefix' }, { field: 'customer', kind: 'prefix' }, { field: 'state', kind: 'eq' }, { field: 'project_id', kind: 'eq' }],
    keyword: { fields: ['quote_no', 'customer'], placeholder: { zh_CN: '单号或客户', en: 'Number or customer' } },
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['customer', 'project_id', 'valid_until', 'tax_rate_bp', 'remark'] }] },
  detail: {
    sections: [
      { fields: ['quote_no', 'customer', 'project_id', 'state', 'valid_until', 'created_by', 'sent_at', 'created_at', 'remark'] },
      { title: { zh_CN: '金额', en: 'Amounts' }, fields: ['line_count', 'subtotal_cents', 'discount_cents', 'net_cents', 'tax_rate_bp', 'tax_cents', 'total_cents'] },
    ],
    tabs: [
      { key: 'quotationLines', title: { zh_CN: '报价明细', en: 'Lines' } },
      { key: 'quotationSheet', title: { zh_CN: '报价单预览', en: 'Quotation sheet' } },
    ],
  },
  actions: [
    {
      name: 'send', label: { zh_CN: '发送', en: 'Send' }, placement: 'row', transition: transitionOf(QUOTATION_LIFECYCLE, 'send'),
      confirm: { zh_CN: '发送后报价单不可再修改，确定发送吗？', en: 'A sent quotation can no longer be edited. Send it?' },
    },
    { name: 'accept', label: { zh_CN: '客户接受', en: 'Accepted' }, placement: 'row', transition: transitionOf(QUOTATION_LIFECYCLE, 'accept') },
    {
      name: 'reject', label: { zh_CN: '客户拒绝', en: 'Rejected' }, placement: 'row', danger: true, transition: transitionOf(QUOTATION_LIFECYCLE, 'reject'),
      confirm: { zh_CN: '确定标记为客户拒绝吗？', en: 'Mark this quotation as rejected by the customer?' },
    },
    {
      name: 'expire', label: { zh_CN: '置为过期', en: 'Expire' }, placement: 'row', transition: transitionOf(QUOTATION_LIFECYCLE, 'expire'),
      confirm: { zh_CN: '确定将报价单置为过期吗？', en: 'Mark this quotation as expired?' },
    },
  ],
  picker: { label: ['quote_no', 'customer'], search: ['quote_no', 'customer'] },
  io: { export: ['quote_no', 'customer', 'project_id', 'state', 'valid_until', 'line_count', 'subtotal_cents', 'discount_cents', 'net_cents', 'tax_rate_bp', 'tax_cents', 'total_cents', 'created_by', 'sent_at', 'created_at', 'remark'] },
  example: { customer: 'Harbour Hotel' },
  usedBy: [
    { resource: 'business.quotation_line', field: 'quotation_id', onRemove: 'ask', label: { zh_CN: '报价明细', en: 'quotation lines' }, name: 'quote_device_id' },
  ],
  page: { area: 'business', key: 'quotation', after: 'quoteDevice', icon: 'FileTextOutlined', alsoResources: ['business.quotation_line'] },
});

/**
 * `/admin/business/quotation/line`: one line of a quotation — a device of the price list, a quantity, the unit
 * price (the price list's when not given) and a discount in percent; the amount is the server's.
 */
export const quotationLineResource = declareResource({
  key: 'business.quotation_line',
  path: '/admin/business/quotation/line',
  title: { zh_CN: '报价明细', en: 'Quotation lines' },
  scope: 'org',
  fields: {
    id: idField,
    quotation_id: { type: 'ref', label: { zh_CN: '报价单', en: 'Quotation' }, ref: { resource: 'business.quotation' }, required: true, editable: 'add' },
    quote_device_id: { type: 'ref', label: { zh_CN: '设备', en: 'Device' }, ref: { resource: 'business.quote_device' }, required: true },
    quantity: { type: 'integer', label: { zh_CN: '数量', en: 'Quantity' }, required: true, min: 1, max: QUOTE_QUANTITY_MAX, default: 1 },
    unit_price_cents: cents('单价', 'Unit price', {
      help: { zh_CN: '留空则取报价设备的单价', en: 'Empty: the price list\'s unit price' },
    }),
    discount_percent: {
      type: 'integer', label: { zh_CN: '折扣（%）', en: 'Discount (%)' }, min: 0, max: 100, default: 0,
      help: { zh_CN: '从金额中减去的百分比，0 为不打折', en: 'Percent taken off the amount; 0 for none' },
    },
    amount_cents: { type: 'integer', label: { zh_CN: '金额（分）', en: 'Amount (fen)' }, editable: 'never' },
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove'],
  list: {
    columns: [
      { field: 'quote_device_id', width: 220, render: 'refLabel', priority: 1 },
      { field: 'quantity', width: 90, priority: 1 },
      { field: 'unit_price_cents', width: 130, render: 'cents' },
      { field: 'discount_percent', width: 110 },
      { field: 'amount_cents', width: 140, render: 'cents', priority: 1 },
      { field: 'remark', ellipsis: true, priority: 3 },
    ],
    filters: [{ field: 'quotation_id', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['quotation_id', 'quote_device_id', 'quantity', 'unit_price_cents', 'discount_percent', 'remark'] }] },
  example: { quotation_id: 1, quote_device_id: 1, quantity: 2, discount_percent: 10 },
});

/** The printable sheet of one quotation (`sheet`), the same content the xlsx export writes. */
export interface QuotationSheet {
  quote_no: string;
  customer: string;
  project: string;
  state: QuotationState;
  valid_until: string | null;
  created_at: string;
  sent_at: string | null;
  prepared_by: string;
  organization: string;
  remark: string;
  lines: {
    model: string;
    name: string;
    unit: string;
    quantity: number;
    unit_price_cents: number;
    discount_percent: number;
    amount_cents: number;
  }[];
  subtotal_cents: number;
  discount_cents: number;
  /** `subtotal_cents − discount_cents`: what the tax is taken on. */
  net_cents: number;
  tax_rate_bp: number;
  tax_cents: number;
  /** `net_cents + tax_cents`. */
  total_cents: number;
  /** For the console only, never printed: devices whose quoted quantity (all lines) exceeds their stock. */
  short_stock: { model: string; quantity: number; stock: number }[];
}

/** The words of the quotation sheet (print view and xlsx), in both languages. */
export const QUOTATION_SHEET_LABELS = {
  title: { zh_CN: '报价单', en: 'Quotation' },
  number: { zh_CN: '报价单号', en: 'Quotation number' },
  customer: { zh_CN: '客户', en: 'Customer' },
  project: { zh_CN: '项目', en: 'Project' },
  state: { zh_CN: '状态', en: 'State' },
  date: { zh_CN: '日期', en: 'Date' },
  validUntil: { zh_CN: '有效期至', en: 'Valid until' },
  preparedBy: { zh_CN: '制单人', en: 'Prepared by' },
  from: { zh_CN: '报价方', en: 'From' },
  index: { zh_CN: '序号', en: 'No.' },
  model: { zh_CN: '型号', en: 'Model' },
  name: { zh_CN: '名称', en: 'Name' },
  unit: { zh_CN: '单位', en: 'Unit' },
  quantity: { zh_CN: '数量', en: 'Quantity' },
  unitPrice: { zh_CN: '单价（元）', en: 'Unit price (CNY)' },
  discount: { zh_CN: '折扣（%）', en: 'Discount (%)' },
  amount: { zh_CN: '金额（元）', en: 'Amount (CNY)' },
  subtotal: { zh_CN: '原价合计（元）', en: 'List total (CNY)' },
  discountTotal: { zh_CN: '折扣金额（元）', en: 'Discount (CNY)' },
  netTotal: { zh_CN: '折后小计（元）', en: 'Subtotal after discounts (CNY)' },
  taxRate: { zh_CN: '税率', en: 'Tax rate' },
  tax: { zh_CN: '税额（元）', en: 'Tax (CNY)' },
  total: { zh_CN: '报价总额（元）', en: 'Total (CNY)' },
  remark: { zh_CN: '备注', en: 'Remark' },
} as const satisfies Record<string, Label>;

/** Cents as a yuan amount with two decimals, exactly (no floating point): 12345 → "123.45". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
