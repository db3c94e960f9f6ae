import { and, asc, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SortOrder } from '@gx/contract';
import type { Executor } from '../db/client';
import type { ResourceServer, Input } from './types';
import { countKey, countOnce } from './countCache';

/**
 * Paging, filtering and sorting of a list. Every condition is a bound parameter (no string building), prefix
 * filters escape LIKE wildcards, and filters and sorts exist only on indexed columns (see indexCoverage.test.ts),
 * so page 5,000 of 100,000 rows costs what page 1 of 100 does, plus the count.
 */

/** `%`, `_` and `\` match themselves, so a search for "50%" finds "50%" rather than everything starting "50". */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function prefixMatch(col: PgColumn | SQL, value: string): SQL {
  return sql`lower(${col}) like ${`${escapeLike(value.toLowerCase())}%`}`;
}

/** Whether comma-separated tags hold `tag`, ignoring case (the form `devices_tags_idx` indexes). */
export function tagMatch(col: SQL | PgColumn, tag: string): SQL {
  return sql`string_to_array(lower(${col}), ',') @> array[${tag.trim().toLowerCase()}]::text[]`;
}

/** The column of a filter or sort (typed as a column: drizzle's operators take expressions alike). */
export function columnOf(b: ResourceServer, field: string): PgColumn {
  const col = b.columns[field];
  if (!col) throw new Error(`${b.decl.key}: filter or sort on unbound field ${field}`);
  return col as PgColumn;
}

/** The declared filters present in the body, plus the keyword search. */
export function filterConditions(b: ResourceServer, input: Input): SQL[] {
  const out: SQL[] = [];
  for (const f of b.decl.list.filters) {
    const col = columnOf(b, f.field);
    if (f.kind === 'range') {
      const from = input[`${f.field}_from`];
      const to = input[`${f.field}_to`];
      if (from !== undefined) out.push(gte(col, from));
      if (to !== undefined) out.push(lte(col, to));
      continue;
    }
    const v = input[f.field];
    if (v === undefined || v === '') continue;
    out.push(f.kind === 'prefix' ? prefixMatch(col, String(v)) : f.kind === 'tag' ? tagMatch(col, String(v)) : eq(col, v));
  }
  const keyword = input.keyword;
  if (typeof keyword === 'string' && keyword !== '' && b.decl.list.keyword) {
    const any = or(...b.decl.list.keyword.fields.map((f) => prefixMatch(columnOf(b, f), keyword)));
    if (any) out.push(any);
  }
  return out;
}

/** Requested (or default) sort, then id in the same direction so pages never overlap or skip. */
export function orderBy(b: ResourceServer, input: Input): SQL[] {
  const field = typeof input.sort === 'string' ? input.sort : b.decl.list.defaultSort.field;
  const order: SortOrder = input.order === 'asc' || input.order === 'desc' ? input.order : (input.sort ? 'asc' : b.decl.list.defaultSort.order);
  const dir = order === 'asc' ? asc : desc;
  const col = columnOf(b, field);
  return col === b.id ? [dir(b.id)] : [dir(col), dir(b.id)];
}

export async function countRows(exec: Executor, b: ResourceServer, where: SQL | undefined): Promise<number> {
  const query = exec.select({ n: sql<number>`count(*)::int` }).from(b.table).where(where);
  const { sql: text, params } = query.toSQL();
  return countOnce(countKey(b.decl.key, text, params), async () => {
    const [row] = await query;
    return Number(row?.n ?? 0);
  });
}

export function whereOf(scope: SQL | undefined, conditions: SQL[]): SQL | undefined {
  return and(scope, ...conditions);
}
