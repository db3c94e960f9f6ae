import type { FieldDecl, ResourceDecl } from '@gx/contract';
import { isBlank } from './formRules';

/** The filter bar's control values → the list body's filter fields (`<f>`, `<f>_from`/`<f>_to`, `keyword`). */

interface DayLike {
  toISOString(): string;
  startOf(unit: 'day'): DayLike;
  endOf(unit: 'day'): DayLike;
}

const isDay = (v: unknown): v is DayLike =>
  typeof v === 'object' && v !== null && typeof (v as { startOf?: unknown }).startOf === 'function';

/** A date range covers whole days: from the start of the first to the end of the last. */
function rangeBounds(f: FieldDecl, v: unknown): [unknown, unknown] {
  if (!Array.isArray(v)) return [undefined, undefined];
  const [from, to] = v as [unknown, unknown];
  if (f.type === 'datetime') {
    return [isDay(from) ? from.startOf('day').toISOString() : undefined, isDay(to) ? to.endOf('day').toISOString() : undefined];
  }
  return [isBlank(from) ? undefined : from, isBlank(to) ? undefined : to];
}

export function filterBody(decl: ResourceDecl, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const flt of decl.list.filters) {
    const f = decl.fields[flt.field];
    if (!f) continue;
    const v = values[flt.field];
    if (flt.kind === 'range') {
      const [from, to] = rangeBounds(f, v);
      if (from !== undefined) out[`${flt.field}_from`] = from;
      if (to !== undefined) out[`${flt.field}_to`] = to;
    } else if (!isBlank(v)) {
      out[flt.field] = typeof v === 'string' ? v.trim() : v;
    }
  }
  const keyword = values.keyword;
  if (decl.list.keyword && typeof keyword === 'string' && keyword.trim()) out.keyword = keyword.trim();
  return out;
}

/** The reverse of `filterBody`: the filter bar's control values for a list body (a list state read from the URL). */
export function filterControlValues(decl: ResourceDecl, body: Record<string, unknown>, toDay: (iso: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const flt of decl.list.filters) {
    const f = decl.fields[flt.field];
    if (!f) continue;
    if (flt.kind === 'range') {
      const from = body[`${flt.field}_from`];
      const to = body[`${flt.field}_to`];
      if (from === undefined && to === undefined) continue;
      const conv = (v: unknown) => (v === undefined ? null : f.type === 'datetime' ? toDay(String(v)) : v);
      out[flt.field] = [conv(from), conv(to)];
    } else if (body[flt.field] !== undefined) {
      out[flt.field] = body[flt.field];
    }
  }
  if (body.keyword !== undefined) out.keyword = body.keyword;
  return out;
}
