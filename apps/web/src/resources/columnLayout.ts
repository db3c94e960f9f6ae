import type { ResourceDecl } from '@gx/contract';
import { columnWidth } from './columns';

/**
 * Which columns a table shows and how wide, for the width it has: declared widths may give up to a quarter
 * (text then ends in an ellipsis with the whole text in a tooltip; dates never shrink); beyond that the
 * lowest-priority, then rightmost, columns hide until the rest fit. A user's own choice of columns is kept as is
 * (the table then scrolls if it must).
 */
export interface ColumnLayout {
  shown: string[];
  widths: Record<string, number>;
  /** Sum of the widths. */
  total: number;
}

const MAX_SHRINK = 0.75;

export function layoutColumns(decl: ResourceDecl, order: readonly string[], chosen: readonly string[] | null, available: number): ColumnLayout {
  const cols = order.map((f) => decl.list.columns.find((c) => c.field === f)).filter((c) => c !== undefined);
  const natural = new Map(cols.map((c) => [c.field, columnWidth(decl.fields[c.field] ?? { type: 'text', label: { zh_CN: '', en: '' } }, c.width)]));
  // Even a serial pinned to the left gives its quarter: kept whole, it hid a list's state column on a laptop screen.
  const fixedWidth = (f: string) => decl.fields[f]?.type === 'datetime';
  const sum = (fields: string[], pred: (f: string) => boolean) => fields.filter(pred).reduce((s, f) => s + (natural.get(f) ?? 0), 0);
  const fits = (fields: string[]) => sum(fields, fixedWidth) + sum(fields, (f) => !fixedWidth(f)) * MAX_SHRINK <= available;

  let shown = chosen ? order.filter((f) => chosen.includes(f)) : cols.map((c) => c.field);
  if (!chosen) {
    const candidates = cols
      .map((c, i) => ({ field: c.field, i, p: c.priority ?? 2 }))
      .filter((x) => x.p > 1)
      .sort((a, b) => b.p - a.p || b.i - a.i);
    for (const { field } of candidates) {
      if (fits(shown)) break;
      shown = shown.filter((f) => f !== field);
    }
  }
  const fixed = sum(shown, fixedWidth);
  const flexible = sum(shown, (f) => !fixedWidth(f));
  const scale = flexible > 0 ? Math.min(1, Math.max(MAX_SHRINK, (available - fixed) / flexible)) : 1;
  const widths: Record<string, number> = {};
  for (const f of shown) widths[f] = fixedWidth(f) ? (natural.get(f) ?? 0) : Math.floor((natural.get(f) ?? 0) * scale);
  return { shown, widths, total: Object.values(widths).reduce((s, w) => s + w, 0) };
}
