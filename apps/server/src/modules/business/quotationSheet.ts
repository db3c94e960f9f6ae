import { QUOTATION_SHEET_LABELS as L, QUOTATION_STATE_OPTIONS, centsText, taxRateText, type Lang, type QuotationSheet } from '@gx/contract';
import { localDateTime } from '../../resources/spreadsheet/readableValue';
import { exceljs } from '../../resources/spreadsheet/xlsx';

/**
 * One quotation as an .xlsx sheet (exceljs, as every export): a header block, the lines, the totals — the same
 * content as the console's print view, in the reader's language and time zone. Amounts are written as numbers in
 * yuan (cents / 100, two decimals shown) so the customer's spreadsheet can sum them.
 */
export async function quotationXlsx(sheet: QuotationSheet, lang: Lang, tz: string): Promise<Buffer> {
  const wb = new (await exceljs()).Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(sheet.quote_no);
  const stateLabel = QUOTATION_STATE_OPTIONS.find((o) => o.value === sheet.state)?.label[lang] ?? sheet.state;
  const day = (v: string | null) => (v ? localDateTime(v, tz).slice(0, 10) : '');
  const yuan = (cents: number) => Number(centsText(cents));

  ws.addRow([`${L.title[lang]} ${sheet.quote_no}`]).font = { bold: true, size: 14 };
  const info: [string, string][] = [
    [L.from[lang], sheet.organization], [L.customer[lang], sheet.customer], [L.project[lang], sheet.project],
    [L.state[lang], stateLabel], [L.date[lang], day(sheet.sent_at ?? sheet.created_at)], [L.validUntil[lang], day(sheet.valid_until)],
    [L.preparedBy[lang], sheet.prepared_by],
  ];
  for (const [k, v] of info) ws.addRow([k, v]).getCell(1).font = { bold: true };
  ws.addRow([]);
  ws.addRow([L.index, L.model, L.name, L.unit, L.quantity, L.unitPrice, L.discount, L.amount].map((l) => l[lang])).font = { bold: true };
  sheet.lines.forEach((l, i) => {
    ws.addRow([i + 1, l.model, l.name, l.unit, l.quantity, yuan(l.unit_price_cents), l.discount_percent, yuan(l.amount_cents)]);
  });
  ws.addRow([]);
  const totals = [
    [L.subtotal, yuan(sheet.subtotal_cents)], [L.discountTotal, yuan(sheet.discount_cents)], [L.netTotal, yuan(sheet.net_cents)],
    [L.taxRate, `${taxRateText(sheet.tax_rate_bp)}%`], [L.tax, yuan(sheet.tax_cents)], [L.total, yuan(sheet.total_cents)],
  ] as const;
  for (const [label, value] of totals) {
    const row = ws.addRow(['', '', '', '', '', '', label[lang], value]);
    row.font = { bold: label === L.total };
    if (typeof value === 'string') row.getCell(8).alignment = { horizontal: 'right' };
  }
  if (sheet.remark) ws.addRow([L.remark[lang], sheet.remark]);
  for (const col of [6, 8]) ws.getColumn(col).numFmt = '#,##0.00';
  [6, 16, 28, 8, 10, 16, 14, 18].forEach((w, i) => { ws.getColumn(i + 1).width = w; });
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
