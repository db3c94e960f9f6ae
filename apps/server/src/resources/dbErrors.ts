import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { Code } from '@gx/contract';
import { AppError } from '../http/errors';
import type { ResourceServer } from './types';

interface PgErrorLike { code?: string; constraint?: string; constraint_name?: string }

/** The PostgreSQL error under drizzle's wrapper (node-postgres and PGlite shape it alike). */
function pgError(e: unknown): PgErrorLike | null {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as PgErrorLike & { cause?: unknown };
    if (typeof c.code === 'string' && /^\d{2}[0-9A-Z]{3}$/.test(c.code)) return c;
    cur = c.cause;
  }
  return null;
}

/** Names of the table columns an index covers, directly or inside an expression such as lower(col). */
export function indexColumnNames(columns: readonly unknown[]): Set<string> {
  const names = new Set<string>();
  const visit = (c: unknown) => {
    if (!c || typeof c !== 'object') return;
    const o = c as { name?: unknown; queryChunks?: unknown[] };
    if (Array.isArray(o.queryChunks)) o.queryChunks.forEach(visit);
    else if (typeof o.name === 'string') names.add(o.name);
  };
  columns.forEach(visit);
  return names;
}

/** The declared field whose column a unique index covers (ignoring the organisation column). */
function uniqueField(b: ResourceServer, constraint: string): string | undefined {
  const cfg = getTableConfig(b.table);
  const idx = cfg.indexes.find((i) => i.config.name === constraint);
  const names = indexColumnNames(idx?.config.columns ?? []);
  if (constraint === `${cfg.name}_pkey`) for (const c of cfg.columns) if (c.primary) names.add(c.name);
  const tenantCol = b.tenant.kind === 'column' ? b.tenant.column.name : undefined;
  for (const [name, col] of Object.entries(b.columns)) {
    const colName = (col as Partial<PgColumn>).name;
    if (typeof colName === 'string' && colName !== tenantCol && names.has(colName) && (col as PgColumn).table === b.table) return name;
  }
  return undefined;
}

/**
 * Database refusals a user can cause, as contract codes: a taken unique value is CONFLICT naming the field, a row
 * still referenced elsewhere is CONFLICT "in use". Anything else stays a server fault.
 */
export function translateDbError(b: ResourceServer, e: unknown): unknown {
  const pg = pgError(e);
  if (!pg) return e;
  if (pg.code === '23505') {
    const field = uniqueField(b, pg.constraint ?? pg.constraint_name ?? '');
    return new AppError(Code.CONFLICT, 'validation.duplicate', field ?? '(body)');
  }
  // 23503 foreign key (no action), 23001 restrict: the row is still referenced.
  if (pg.code === '23503' || pg.code === '23001') return new AppError(Code.CONFLICT, 'validation.inUse', 'id');
  return e;
}
