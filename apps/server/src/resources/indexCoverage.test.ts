import { describe, expect, it } from 'vitest';
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { sortableFields } from '@gx/contract';
import { productResources } from '../modules/areas';
import { indexColumnNames } from './dbErrors';
import type { ResourceServer } from './types';

/**
 * Lists stay fast at any size only if every filter and sort is served by an index (issue 4 §5). This reads the
 * table definitions: a new resource declaring a filter or sort on an unindexed column fails here, not in
 * production at 100,000 rows.
 */

interface IndexShape { columns: string[]; expression: boolean }

function indexesOf(b: ResourceServer): IndexShape[] {
  const cfg = getTableConfig(b.table);
  const out: IndexShape[] = cfg.indexes.map((i) => ({
    columns: [...indexColumnNames(i.config.columns)],
    expression: i.config.columns.some((c) => is(c, SQL)),
  }));
  for (const pk of cfg.primaryKeys) out.push({ columns: pk.columns.map((c) => c.name), expression: false });
  for (const c of cfg.columns) if (c.primary) out.push({ columns: [c.name], expression: false });
  return out;
}

/** Leading column of an index, or second after the organisation column a scoped list always filters on. */
function leads(idx: IndexShape, col: string, tenantCol: string | undefined): boolean {
  return idx.columns[0] === col || (tenantCol !== undefined && idx.columns[0] === tenantCol && idx.columns[1] === col);
}

describe('list indexes', () => {
  it('serve every declared filter and sort of every resource', () => {
    const missing: string[] = [];
    for (const b of productResources.allBindings()) {
      const idx = indexesOf(b);
      const tenantCol = b.tenant.kind === 'column' ? b.tenant.column.name : undefined;
      const colName = (field: string) => {
        const c = b.columns[field];
        return c && !is(c, SQL) ? (c as PgColumn).name : undefined;
      };
      const need = (field: string, what: string, ok: (i: IndexShape, col: string) => boolean) => {
        const col = colName(field);
        if (!col) missing.push(`${b.decl.key}.${field} (${what}) is not a column`);
        else if (!idx.some((i) => ok(i, col))) missing.push(`${b.decl.key}.${field} (${what})`);
      };
      for (const f of b.decl.list.filters) {
        // A prefix (lower(col) text_pattern_ops) and a tag (GIN over string_to_array(lower(col))) need an expression index.
        if (f.kind === 'prefix' || f.kind === 'tag') need(f.field, f.kind, (i, col) => i.expression && i.columns.length === 1 && i.columns[0] === col);
        else need(f.field, f.kind, (i, col) => leads(i, col, tenantCol));
      }
      for (const f of b.decl.list.keyword?.fields ?? []) need(f, 'keyword', (i, col) => i.expression && i.columns[0] === col);
      for (const f of b.decl.picker?.search ?? []) need(f, 'picker', (i, col) => i.expression && i.columns[0] === col);
      for (const f of sortableFields(b.decl)) need(f, 'sort', (i, col) => leads(i, col, tenantCol));
    }
    expect(missing).toEqual([]);
  });
});
