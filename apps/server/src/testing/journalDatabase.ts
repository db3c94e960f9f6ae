import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { journalPrefix } from './journalPrefix';

/**
 * A database as an older release left it: the journal's first `entries` migrations run on a fresh PGlite or a fresh
 * schema of TEST_DATABASE_URL, for upgrade tests to fill with that release's data in plain SQL (`one` answers a
 * query's first row) before running the rest of the journal. `close` drops what it made.
 */
export async function journalDatabase(engine: 'pglite' | 'postgres', entries: number): Promise<{
  database: Database;
  one<T>(q: ReturnType<typeof sql>): Promise<T>;
  close(): Promise<void>;
}> {
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  const database = engine === 'postgres'
    ? await openDatabase({ url: process.env.TEST_DATABASE_URL, pgSchema, poolSize: 2 })
    : await openDatabase({ dataDir: 'memory://' });
  const { folder } = journalPrefix(entries);
  await runMigrations(database, folder);
  return {
    database,
    async one<T>(q: ReturnType<typeof sql>): Promise<T> {
      const r = await database.db.execute(q);
      return ((r as unknown as { rows: T[] }).rows ?? (r as unknown as T[]))[0] as T;
    },
    async close() {
      if (engine === 'postgres') await database.db.execute(sql.raw(`drop schema if exists "${pgSchema}" cascade`));
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
