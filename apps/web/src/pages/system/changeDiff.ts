/**
 * The operation log's before → after, field by field: every key either side has, with its two values and whether it
 * changed. Values that are not objects (a list of ids, a single value) compare as one row.
 */
export interface DiffRow {
  key: string;
  before: string;
  after: string;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function valueText(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

export function changeRows(before: unknown, after: unknown): DiffRow[] {
  const absent = (v: unknown) => v === null || v === undefined;
  if ((isRecord(before) || absent(before)) && (isRecord(after) || absent(after)) && !(absent(before) && absent(after))) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys.map((key) => {
      const bt = key in b ? valueText(b[key]) : '';
      const at = key in a ? valueText(a[key]) : '';
      return { key, before: bt, after: at, changed: bt !== at || key in b !== key in a };
    });
  }
  const bt = valueText(before ?? undefined);
  const at = valueText(after ?? undefined);
  return bt || at ? [{ key: '', before: bt, after: at, changed: bt !== at }] : [];
}
