import { readableFields, type FieldDecl, type Lang, type ResourceDecl } from '@gx/contract';
import type { WireRow } from '../types';
import { MIME, writeSheet, type SheetFormat } from './format';

/** A row value as the text a person reads in a spreadsheet, in the request language. */
export function cellOf(f: FieldDecl, v: unknown, lang: Lang): string {
  if (v === null || v === undefined) return '';
  if (f.type === 'select') return f.options?.find((o) => o.value === v)?.label[lang] ?? String(v);
  if (f.type === 'boolean') return v ? (lang === 'en' ? 'Yes' : '是') : (lang === 'en' ? 'No' : '否');
  if (f.type === 'refMany' && Array.isArray(v)) return v.join(',');
  if (f.type === 'json') return JSON.stringify(v);
  return String(v);
}

export function exportColumns(decl: ResourceDecl): string[] {
  return [...(decl.io?.export ?? readableFields(decl))];
}

export interface ExportFile {
  filename: string;
  mimetype: string;
  /** The file, base64-encoded, so the answer stays the one JSON envelope every call answers. */
  content: string;
  rows: number;
}

export async function buildExport(decl: ResourceDecl, rows: WireRow[], format: SheetFormat, lang: Lang, now: Date): Promise<ExportFile> {
  const cols = exportColumns(decl);
  const header = cols.map((c) => decl.fields[c]?.label[lang] ?? c);
  const body = rows.map((r) => cols.map((c) => {
    const f = decl.fields[c];
    return f ? cellOf(f, r[c], lang) : String(r[c] ?? '');
  }));
  const data = await writeSheet(format, decl.title[lang], [header, ...body]);
  const stamp = now.toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return { filename: `${decl.key.replace(/\./g, '-')}-${stamp}.${format}`, mimetype: MIME[format], content: data.toString('base64'), rows: rows.length };
}
