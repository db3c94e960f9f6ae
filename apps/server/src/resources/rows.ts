import { and, inArray, type SQL } from 'drizzle-orm';
import { readableFields, type FieldDecl } from '@gx/contract';
import type { Executor } from '../db/client';
import type { RequestContext } from '../http/context';
import type { ResourceServer, WireRow } from './types';

/** Reading rows: what a list or detail selects and how database values become wire values. */

/** The select list: id plus every readable field bound to a column or expression, or a virtual field's subquery. */
export function selection(b: ResourceServer, ctx: RequestContext): Record<string, SQL | ResourceServer['id']> {
  const out: Record<string, SQL | ResourceServer['id']> = { id: b.id };
  for (const name of readableFields(b.decl)) {
    const col = b.columns[name];
    const select = b.virtual[name]?.select;
    if (col) out[name] = col;
    else if (select) out[name] = select(ctx);
  }
  return out;
}

/** Database value → wire value: ISO instants, numbers for numeric columns and counts. */
export function toWire(f: FieldDecl | undefined, v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (v === null || v === undefined) return v ?? null;
  if (f && (f.type === 'number' || f.type === 'integer') && typeof v === 'string') return Number(v);
  if (f?.type === 'select' && typeof v === 'string' && f.options?.every((o) => typeof o.value === 'number')) return Number(v);
  return v;
}

/** Converts selected rows and fills the virtual fields (one query per virtual field per page, not per row). */
export async function finishRows(ctx: RequestContext, exec: Executor, b: ResourceServer, raw: Record<string, unknown>[]): Promise<WireRow[]> {
  const rows: WireRow[] = raw.map((r) => {
    const out: WireRow = {};
    for (const [k, v] of Object.entries(r)) out[k] = toWire(b.decl.fields[k], v);
    return out;
  });
  const ids = rows.map((r) => r.id as number);
  for (const [name, vf] of Object.entries(b.virtual)) {
    const empty = b.decl.fields[name]?.type === 'refMany' ? [] : null;
    if (vf.select) {
      for (const r of rows) r[name] ??= empty;
      continue;
    }
    if (!vf.load || b.decl.fields[name]?.writeOnly) continue;
    const values = ids.length ? await vf.load(exec, ids, ctx) : new Map<number, unknown>();
    for (const r of rows) r[name] = values.get(r.id as number) ?? empty;
  }
  return rows;
}

/** Rows by id within a scope condition, in the order asked. */
export async function rowsByIds(ctx: RequestContext, exec: Executor, b: ResourceServer, ids: number[], scope: SQL | undefined): Promise<WireRow[]> {
  if (!ids.length) return [];
  const raw = await exec.select(selection(b, ctx)).from(b.table).where(and(inArray(b.id, ids), scope));
  const rows = await finishRows(ctx, exec, b, raw as Record<string, unknown>[]);
  const byId = new Map(rows.map((r) => [r.id as number, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is WireRow => r !== undefined);
}
