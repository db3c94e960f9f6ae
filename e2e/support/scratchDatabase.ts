import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { databaseUrl, onServer } from '../../apps/server/src/testing/pgServer';

/**
 * A fresh PostgreSQL database for one test file, made on the server of `base` (TEST_DATABASE_URL) before the file's
 * tests and dropped after them; answers its URL once made. Servers given it migrate and seed it from nothing.
 */
export function useScratchDatabase(base: string | undefined): () => string {
  const name = `gx_e2e_${randomBytes(4).toString('hex')}`;
  let url = '';
  beforeAll(async () => {
    if (!base) return;
    await onServer(base, `create database ${name}`);
    url = databaseUrl(base, name);
  });
  afterAll(async () => {
    if (base) await onServer(base, `drop database if exists ${name} with (force)`);
  });
  return () => url;
}
