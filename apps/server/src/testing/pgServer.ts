import pg from 'pg';

// Statements on a PostgreSQL server outside any database's pool, for tests that make and drop databases.

/** Runs one statement on the server of `base` (CREATE/DROP DATABASE cannot run in a transaction or a pool). */
export async function onServer(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}

/** `base` with its database name replaced. */
export function databaseUrl(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}
