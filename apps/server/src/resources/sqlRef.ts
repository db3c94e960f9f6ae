import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column written as "table"."column" whatever the surrounding query. Drizzle leaves columns unqualified in the
 * select list of a one-table query, where a correlated subquery (`count(*) … where org_id = id`) would then bind
 * `id` to the inner table; expression columns use this instead.
 */
export function qualified(col: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(col.table))}.${sql.identifier(col.name)}`;
}
