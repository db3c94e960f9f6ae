import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on the PostgreSQL server of `url`, through its maintenance database. */
async function onServer(url: string, statement: string): Promise<void> {
  const u = new URL(url);
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}

/**
 * Makes a new database named `<prefix>_<random>` on the server of `base`, empty or as a copy of the `template`
 * database (which nobody may be connected to), and answers its URL.
 */
export async function makeDatabase(base: string, prefix: string, template?: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const from = template ? ` template ${new URL(template).pathname.slice(1)}` : '';
  await onServer(base, `create database ${name}${from}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

/** Drops the database of `url`, closing whatever is still connected to it. */
export async function dropDatabase(url: string): Promise<void> {
  await onServer(url, `drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
}
