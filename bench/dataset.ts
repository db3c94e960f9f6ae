import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seed } from '../apps/server/src/db/seed/seed';
import { seedInputOf } from '../apps/server/src/http/area';
import { productAreas } from '../apps/server/src/modules/areas';
import { ADMIN_PASSWORD } from '../e2e/support/server';

export type Engine = 'pglite' | 'postgres';

export interface Dataset {
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/**
 * A database with the product's seed plus `users` ordinary accounts in the platform organisation, made before the
 * server starts (PGlite allows one process at a time). PostgreSQL gets a throw-away database.
 */
export async function prepareDataset(engine: Engine, users: number, pgBase?: string): Promise<Dataset> {
  const dir = mkdtempSync(join(tmpdir(), 'gx-bench-'));
  let url: string | undefined;
  let dbName = '';
  if (engine === 'postgres') {
    if (!pgBase) throw new Error('PostgreSQL bench needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
    dbName = `gx_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(pgBase);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const database = await openDatabase({ url, dataDir: dir });
  await runMigrations(database);
  await seed(database, ADMIN_PASSWORD, seedInputOf(productAreas));
  // One statement: the password hash is a placeholder these accounts never sign in with.
  await database.db.execute(sql`
    insert into users (username, password_hash, nickname, cellphone, current_org_id)
    select 'bench' || g, 'scrypt$placeholder', 'Bench user ' || g, '138' || lpad(g::text, 8, '0'), 1
    from generate_series(1, ${users}) g`);
  await database.db.execute(sql`insert into org_members (org_id, user_id) select 1, id from users where username like 'bench%'`);
  await database.close();
  return {
    env: url ? { DATABASE_URL: url, DATA_DIR: dir } : { DATA_DIR: dir },
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
      if (dbName && pgBase) {
        const admin = new pg.Client({ connectionString: pgBase });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}
