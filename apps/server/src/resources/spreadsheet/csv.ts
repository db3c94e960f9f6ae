/**
 * RFC 4180 CSV, written and read by hand (a few dozen lines beat a dependency): quoted fields, doubled quotes,
 * CR/LF or LF line ends, a UTF-8 byte-order mark so Excel opens Chinese text correctly.
 */

export const CSV_BOM = '\uFEFF';

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One row and its line end. */
export function csvLine(row: string[]): string {
  return `${row.map(quote).join(',')}\r\n`;
}

export function writeCsv(rows: string[][]): Buffer {
  return Buffer.from(CSV_BOM + rows.map(csvLine).join(''), 'utf8');
}

/** Rows of cells; a malformed quote ends the field at the end of input rather than failing the whole file. */
export function parseCsv(data: Buffer): string[][] {
  let text = data.toString('utf8');
  if (text.startsWith(CSV_BOM)) text = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') { cell += '"'; i++; } else quoted = false;
      } else cell += ch;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows;
}
