import { readableFields, type ExportAnswer, type ResourceDecl } from '@gx/contract';
import type { WireRow } from '../types';
import { MIME, writeSheet, type SheetFormat } from './format';
import { localDateTime, readableValue, type Reading } from './readableValue';

export function exportColumns(decl: ResourceDecl): string[] {
  return [...(decl.io?.export ?? readableFields(decl))];
}

/** The export answer (the contract's `ExportAnswer`). */
export type ExportFile = ExportAnswer;

/** The rows as the list shows them (labels, local time, referenced rows' names) in the reader's language. */
export async function buildExport(decl: ResourceDecl, rows: WireRow[], format: SheetFormat, reading: Reading, now: Date): Promise<ExportFile> {
  const cols = exportColumns(decl);
  const header = cols.map((c) => decl.fields[c]?.label[reading.lang] ?? c);
  const body = rows.map((r) => cols.map((c) => {
    const f = decl.fields[c];
    return f ? readableValue(c, f, r[c], reading) : String(r[c] ?? '');
  }));
  const data = await writeSheet(format, decl.title[reading.lang], [header, ...body]);
  const stamp = localDateTime(now, reading.tz).replace(/[-: ]/g, '');
  return { filename: `${decl.key.replace(/\./g, '-')}-${stamp}.${format}`, mimetype: MIME[format], content: data.toString('base64'), rows: rows.length };
}
