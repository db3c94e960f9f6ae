import type ExcelJS from 'exceljs';

/** Reading and writing .xlsx with exceljs; every cell is reduced to the text a person sees. */

/**
 * exceljs, loaded with the first spreadsheet a server reads or writes rather than at start (~0.2 s of CPU at every
 * start otherwise; Node keeps the module once loaded). Word import (mammoth), image decoding (sharp) and the database
 * drivers load the same way.
 */
export const exceljs = async () => (await import('exceljs')).default;

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText((v.result ?? null) as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    if ('error' in v) return '';
    return '';
  }
  return String(v);
}

/** The first worksheet's rows as text cells (column A first). */
export async function readXlsx(data: Buffer): Promise<string[][]> {
  const wb = new (await exceljs()).Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const rows: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => { cells[col - 1] = cellText(cell.value).trim(); });
    rows[n - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

export async function writeXlsx(sheetName: string, rows: string[][]): Promise<Buffer> {
  const wb = new (await exceljs()).Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  for (const r of rows) ws.addRow(r);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => { c.width = 20; });
  const out = await wb.xlsx.writeBuffer();
  return Buffer.from(out as ArrayBuffer);
}
