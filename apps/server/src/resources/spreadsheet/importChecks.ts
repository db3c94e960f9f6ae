import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { Code } from '@gx/contract';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { indexColumnNames } from '../dbErrors';
import { referenceScope } from '../scope';
import { columnOf } from '../query';
import { pickerLabelOf } from '../referenceLabels';
import type { Input, ResourceServer } from '../types';

/** A problem found before anything is written: the row's number, the field and the refusal. */
export interface RowRefusal { row: number; field: string; error: AppError }

interface UniqueField { name: string; column: PgColumn; folded: boolean; tenant: PgColumn | undefined }

/** Declared fields that a unique index covers alone (besides the organisation column); `folded` for lower(col). */
function uniqueFields(b: ResourceServer, fields: readonly string[]): UniqueField[] {
  const cfg = getTableConfig(b.table);
  const tenant = b.tenant.kind === 'column' ? b.tenant.column : undefined;
  const out: UniqueField[] = [];
  for (const idx of cfg.indexes) {
    if (!idx.config.unique) continue;
    const names = indexColumnNames(idx.config.columns);
    const perTenant = tenant !== undefined && names.delete(tenant.name);
    if (names.size !== 1) continue;
    const name = fields.find((f) => {
      const col = b.columns[f] as Partial<PgColumn> | undefined;
      return col && typeof col.name === 'string' && names.has(col.name) && (col as PgColumn).table === b.table;
    });
    if (!name) continue;
    const folded = idx.config.columns.some((c) => Array.isArray((c as { queryChunks?: unknown[] }).queryChunks));
    out.push({ name, column: b.columns[name] as PgColumn, folded, tenant: perTenant ? tenant : undefined });
  }
  return out;
}

/**
 * Values a unique index would refuse, found before the first insert: a value repeated inside the file (every
 * repeat after the first) and a value already in the database. Reported for every row at once, so one upload
 * names every duplicate, and a refused file never reaches the insert that would use up ids.
 */
export async function duplicateRows(ctx: RequestContext, exec: Executor, b: ResourceServer, rows: { row: number; input: Input }[]): Promise<RowRefusal[]> {
  const out: RowRefusal[] = [];
  for (const u of uniqueFields(b, b.decl.io?.import ?? [])) {
    const key = (v: unknown) => (u.folded ? String(v).toLowerCase() : String(v));
    const seen = new Set<string>();
    const values: string[] = [];
    for (const { row, input } of rows) {
      const v = input[u.name];
      if (v === undefined || v === null || v === '') continue;
      if (seen.has(key(v))) out.push({ row, field: u.name, error: new AppError(Code.CONFLICT, 'validation.duplicateInFile', u.name) });
      else values.push(String(v));
      seen.add(key(v));
    }
    if (!values.length) continue;
    const col: SQL = u.folded ? sql`lower(${u.column})` : sql`${u.column}`;
    const conds: (SQL | undefined)[] = [inArray(col, values.map((v) => key(v)))];
    if (u.tenant) conds.push(eq(u.tenant, ctx.orgId()));
    const taken = new Set((await exec.select({ v: u.column }).from(b.table).where(and(...conds))).map((r) => key(r.v)));
    for (const { row, input } of rows) {
      const v = input[u.name];
      if (v !== undefined && v !== null && taken.has(key(v))) out.push({ row, field: u.name, error: new AppError(Code.CONFLICT, 'validation.duplicate', u.name) });
    }
  }
  return out;
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Reference cells name rows by their picker label (a role's name), as the export writes them; several are
 * separated by commas. Each label becomes its id among the rows the caller may reference; an unknown or ambiguous
 * label is refused for its row. A number is taken as an id.
 */
export async function resolveReferences(ctx: RequestContext, exec: Executor, b: ResourceServer, rows: { row: number; input: Input }[]): Promise<RowRefusal[]> {
  const out: RowRefusal[] = [];
  for (const [name, f] of Object.entries(b.decl.fields)) {
    if ((f.type !== 'ref' && f.type !== 'refMany') || !f.ref || !rows.some((r) => typeof r.input[name] === 'string')) continue;
    const target = ctx.resources.bindingOf(f.ref.resource);
    if (!target) throw new Error(`${b.decl.key}.${name}: unknown referenced resource ${f.ref.resource}`);
    const labelFields = target.decl.picker?.label ?? ['id'];
    const found = await exec.select({ id: target.id, ...Object.fromEntries(labelFields.map((l) => [l, columnOf(target, l)])) })
      .from(target.table).where(referenceScope(ctx, target));
    // The whole picker label (what the export writes) and each of its parts (a role's name, a user's username).
    const byLabel = new Map<string, Set<number>>();
    for (const r of found as Record<string, unknown>[]) {
      const keys = [pickerLabelOf(target, r), String(r.id), ...labelFields.map((l) => String(r[l] ?? ''))];
      for (const l of new Set(keys.map(norm))) {
        if (l) byLabel.set(l, (byLabel.get(l) ?? new Set()).add(r.id as number));
      }
    }
    for (const r of rows) {
      const cell = r.input[name];
      if (typeof cell !== 'string') continue;
      const parts = f.type === 'ref' ? [cell.trim()] : cell.split(/[,，、;；]/).map((p) => p.trim()).filter(Boolean);
      const ids: number[] = [];
      let bad = false;
      for (const p of parts) {
        const hit = byLabel.get(norm(p));
        if (hit?.size === 1) ids.push(...hit);
        else bad = true;
      }
      if (bad) out.push({ row: r.row, field: name, error: new AppError(Code.NOT_FOUND, 'validation.unknownReference', name) });
      else r.input[name] = f.type === 'ref' ? (ids[0] ?? null) : [...new Set(ids)];
    }
  }
  return out;
}
