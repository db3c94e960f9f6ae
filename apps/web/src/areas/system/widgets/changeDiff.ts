/**
 * The operation log's before → after, field by field: every key either side has, with its two values (as logged,
 * for the cell to render the way the list does) and whether it changed. Values that are not objects (a list of
 * ids, a single value) compare as one row. Keys starting with `_` are the wire's own annotations, not data.
 */
export interface DiffRow {
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as plain text, for what no declaration describes: strings as they are, anything else as JSON. */
export function valueText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** Equal as values: the same JSON, with object keys in any order. */
function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(norm) : isRecord(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, norm(v[k])])) : v ?? null;
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

export function changeRows(before: unknown, after: unknown): DiffRow[] {
  const absent = (v: unknown) => v === null || v === undefined;
  if ((isRecord(before) || absent(before)) && (isRecord(after) || absent(after)) && !(absent(before) && absent(after))) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !k.startsWith('_'));
    return keys.map((key) => ({ key, before: b[key], after: a[key], changed: key in b !== key in a || !same(b[key], a[key]) }));
  }
  return absent(before) && absent(after) ? [] : [{ key: '', before: before ?? undefined, after: after ?? undefined, changed: !same(before, after) }];
}
