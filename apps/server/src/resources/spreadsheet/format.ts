import { Code } from '@gx/contract';
import { AppError } from '../../http/errors';
import { parseCsv, writeCsv } from './csv';
import { readXlsx, writeXlsx } from './xlsx';

export type SheetFormat = 'xlsx' | 'csv';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 compound file: the legacy .xls (BIFF) format, which exceljs cannot read. */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (data: Buffer, magic: number[]) => magic.every((b, i) => data[i] === b);

/**
 * The format of an uploaded file by its content (the name can lie): .xlsx is a zip, .xls an OLE2 file — refused
 * with a message asking for .xlsx or .csv — and anything else is read as CSV text if its name says so.
 */
export function detectFormat(filename: string, data: Buffer): SheetFormat {
  if (startsWith(data, ZIP)) return 'xlsx';
  if (startsWith(data, OLE2)) throw new AppError(Code.VALIDATION, 'validation.importFormat', 'file');
  if (/\.(csv|txt)$/i.test(filename) && !data.subarray(0, 4096).includes(0)) return 'csv';
  throw new AppError(Code.VALIDATION, 'validation.importFormat', 'file');
}

export async function readSheet(filename: string, data: Buffer): Promise<string[][]> {
  const format = detectFormat(filename, data);
  try {
    return format === 'xlsx' ? await readXlsx(data) : parseCsv(data);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError(Code.VALIDATION, 'validation.importFormat', 'file');
  }
}

/**
 * A CSV cell that starts like a formula is prefixed with an apostrophe, so a value such as `=HYPERLINK(…)` typed
 * by some user is shown as text by the spreadsheet instead of being run (CSV/formula injection). Numbers stay as
 * they are; .xlsx cells are written as typed strings, which spreadsheets never evaluate.
 */
export function safeCsvCell(v: string): string {
  if (/^[-+]?\d+(\.\d+)?$/.test(v)) return v;
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

export const MIME: Record<SheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export async function writeSheet(format: SheetFormat, sheetName: string, rows: string[][]): Promise<Buffer> {
  return format === 'xlsx' ? writeXlsx(sheetName, rows) : writeCsv(rows.map((r) => r.map(safeCsvCell)));
}
