import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';

/**
 * A fresh PostgreSQL database for one test file, made on the server of `base` (TEST_DATABASE_URL) before the file's
 * tests and dropped after them; answers its URL once made. Servers given it migrate and seed it from nothing.
 */
export function useScratchDatabase(base: string | undefined): () => string {
  const name = `gx_e2e_${randomBytes(4).toString('hex')}`;
  let url = '';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try { await client.query(statement); } finally { await client.end(); }
  };
  beforeAll(async () => {
    if (!base) return;
    await admin(`create database ${name}`);
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    if (base) await admin(`drop database if exists ${name} with (force)`);
  });
  return () => url;
}
