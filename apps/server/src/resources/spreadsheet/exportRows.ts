import { readableFields, type ExportAnswer, type ResourceDecl } from '@gx/contract';
import type { WireRow } from '../types';
import { MIME, writeSheet, type SheetFormat } from './format';
import { localDateTime, readableValue, type Reading } from './readableValue';

export function exportColumns(decl: ResourceDecl): string[] {
  return [...(decl.io?.export ?? readableFields(decl))];
}

/** The export answer (the contract's `ExportAnswer`). */
export type ExportFile = ExportAnswer;

/** The header row: the export columns' labels in the reader's language. */
export function exportHeader(decl: ResourceDecl, lang: Reading['lang']): string[] {
  return exportColumns(decl).map((c) => decl.fields[c]?.label[lang] ?? c);
}

/** The rows as the list shows them (labels, local time, referenced rows' names) in the reader's language. */
export function exportCells(decl: ResourceDecl, rows: WireRow[], reading: Reading): string[][] {
  const cols = exportColumns(decl);
  return rows.map((r) => cols.map((c) => {
    const f = decl.fields[c];
    return f ? readableValue(c, f, r[c], reading) : String(r[c] ?? '');
  }));
}

/** `system-user-20261128093000.csv`: the resource and the moment, in the reader's time zone. */
export function exportFilename(decl: ResourceDecl, format: SheetFormat, tz: string, now: Date): string {
  return `${decl.key.replace(/\./g, '-')}-${localDateTime(now, tz).replace(/[-: ]/g, '')}.${format}`;
}

export async function buildExport(decl: ResourceDecl, rows: WireRow[], format: SheetFormat, reading: Reading, now: Date): Promise<ExportFile> {
  const data = await writeSheet(format, decl.title[reading.lang], [exportHeader(decl, reading.lang), ...exportCells(decl, rows, reading)]);
  return { filename: exportFilename(decl, format, reading.tz, now), mimetype: MIME[format], content: data.toString('base64'), rows: rows.length };
}
