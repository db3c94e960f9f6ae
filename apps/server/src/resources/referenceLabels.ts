import type { Executor } from '../db/client';
import type { RequestContext } from '../http/context';
import { rowsByIds } from './rows';
import type { ResourceServer } from './types';

/** Referenced rows as a person names them (exports, the operation log): id → the referenced row's picker label, for every id the rows hold. */
export async function referenceLabels(ctx: RequestContext, exec: Executor, b: ResourceServer, fields: readonly string[], values: Record<string, unknown>[]): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  for (const name of fields) {
    const f = b.decl.fields[name];
    if (!f || (f.type !== 'ref' && f.type !== 'refMany') || !f.ref) continue;
    const target = ctx.resources.bindingOf(f.ref.resource);
    if (!target) continue;
    const ids = [...new Set(values.flatMap((r) => {
      const v = r[name];
      return Array.isArray(v) ? v : typeof v === 'number' ? [v] : [];
    }))] as number[];
    const labels = new Map<number, string>();
    for (let i = 0; i < ids.length; i += 1000) {
      for (const row of await rowsByIds(ctx, exec, target, ids.slice(i, i + 1000), undefined)) labels.set(row.id as number, pickerLabelOf(target, row));
    }
    out.set(name, labels);
  }
  return out;
}

/** A row's picker label: its first label field, the others in brackets (as the console's pickers show it). */
export function pickerLabelOf(b: ResourceServer, row: Record<string, unknown>): string {
  const parts = (b.decl.picker?.label ?? ['id']).map((f) => String(row[f] ?? '')).filter(Boolean);
  const [first, ...rest] = parts;
  return rest.length ? `${first} (${rest.join(', ')})` : (first ?? String(row.id));
}
