import type { FieldDecl, Lang } from '@gx/contract';

/** How a person reads values: language, time zone, and the labels of referenced rows (field → id → label). */
export interface Reading {
  lang: Lang;
  tz: string;
  refs?: ReadonlyMap<string, ReadonlyMap<number, string>>;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** An instant as the console's lists show it (YYYY-MM-DD HH:mm:ss) in the reader's time zone. */
export function localDateTime(v: unknown, tz: string): string {
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) return String(v);
  let clock = clocks.get(tz);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    clocks.set(tz, clock);
  }
  const p = Object.fromEntries(clock.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * A field's value as the list renders it, for a spreadsheet cell or the operation log: option labels, yes/no,
 * local time, referenced rows by their picker label (the id when the row is gone), nothing for empty values.
 */
export function readableValue(name: string, f: FieldDecl, v: unknown, r: Reading): string {
  if (v === null || v === undefined || v === '') return '';
  const label = (id: unknown) => (typeof id === 'number' ? r.refs?.get(name)?.get(id) : undefined) ?? String(id);
  switch (f.type) {
    case 'select':
      return f.options?.find((o) => o.value === v || String(o.value) === String(v))?.label[r.lang] ?? String(v);
    case 'boolean':
      return v === true || v === 1 ? (r.lang === 'en' ? 'Yes' : '是') : (r.lang === 'en' ? 'No' : '否');
    case 'datetime':
      return localDateTime(v, r.tz);
    case 'ref':
      return label(v);
    case 'refMany':
      return Array.isArray(v) ? v.map(label).join(r.lang === 'en' ? ', ' : '、') : String(v);
    case 'json':
      // Text already made readable by the resource (the operation log's changes) stays as it is.
      return typeof v === 'string' ? v : JSON.stringify(v);
    default:
      return String(v);
  }
}
