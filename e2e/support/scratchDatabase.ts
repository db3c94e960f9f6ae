import { afterAll, beforeAll } from 'vitest';
import { dropDatabase, makeDatabase } from '../../apps/server/src/testing/pgDatabases';

/**
 * A fresh PostgreSQL database for one test file, made on the server of `base` (TEST_DATABASE_URL) before the file's
 * tests and dropped after them; answers its URL once made. Servers given it migrate and seed it from nothing.
 */
export function useScratchDatabase(base: string | undefined): () => string {
  let url = '';
  beforeAll(async () => {
    if (base) url = (await makeDatabase(base, 'gx_e2e')).url;
  });
  afterAll(async () => {
    if (url) await dropDatabase(url);
  });
  return () => url;
}
