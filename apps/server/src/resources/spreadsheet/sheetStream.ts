import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { csvLine, CSV_BOM } from './csv';
import { safeCsvCell, type SheetFormat } from './format';
import { exceljs } from './xlsx';

/**
 * A spreadsheet written as its rows arrive, batch by batch, never held whole: what an export of more rows than one
 * answer may carry streams through (the engine's `export` with `stream: true`). Backpressure reaches the source:
 * the next batch is asked for only once the reader has taken the last.
 */
export function sheetStream(format: SheetFormat, sheetName: string, header: string[], batches: AsyncIterable<string[][]>): Readable {
  return format === 'csv' ? csvStream(header, batches) : xlsxStream(sheetName, header, batches);
}

function csvStream(header: string[], batches: AsyncIterable<string[][]>): Readable {
  return Readable.from((async function* () {
    yield Buffer.from(CSV_BOM + csvLine(header.map(safeCsvCell)), 'utf8');
    for await (const rows of batches) {
      yield Buffer.from(rows.map((r) => csvLine(r.map(safeCsvCell))).join(''), 'utf8');
    }
  })(), { objectMode: false });
}

function xlsxStream(sheetName: string, header: string[], batches: AsyncIterable<string[][]>): Readable {
  const out = new PassThrough();
  const pump = async () => {
    // No shared strings and no styles table: both would keep every row's text in memory until the end.
    const wb = new (await exceljs()).stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    const ws = wb.addWorksheet(sheetName.slice(0, 31) || 'Sheet1', { properties: { defaultColWidth: 20 } });
    const head = ws.addRow(header);
    head.font = { bold: true };
    head.commit();
    for await (const rows of batches) {
      for (const r of rows) ws.addRow(r).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    ws.commit();
    await wb.commit();
  };
  pump().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
