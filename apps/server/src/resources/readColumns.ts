import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';
import { qualified } from './sqlRef';

// Computed columns many bindings read the same way, written once.

/** The name a person is shown by (nickname, else username) for the user id in `col`; null for none. */
export function userNameOf(col: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select coalesce(nullif(u.nickname, ''), u.username) from ${users} u where u.id = ${qualified(col)})`;
}

/**
 * A stored state read with its expiry: a row still in state `live` whose `expires` has passed reads `expired`
 * (nothing writes it); `now` the database's clock unless the caller's (the server clock) is given.
 */
export function standingWithExpiry(state: AnyPgColumn, live: string, expires: AnyPgColumn, now: SQL = sql`now()`): SQL<string> {
  return sql<string>`(case when ${qualified(state)} = ${live} and ${qualified(expires)} <= ${now} then 'expired' else ${qualified(state)} end)`;
}
