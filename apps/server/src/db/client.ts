import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGliteOptions } from '@electric-sql/pglite';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database handle type the code uses, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: anything that can run queries. */
export type Executor = Pick<Db, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Schema (namespace) the tables live in: `public` unless isolated for a test. */
  pgSchema: string;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel (PostgreSQL: over a dedicated connection, messages from every instance, this one included;
   * PGlite: its one connection); resolves to a function that stops listening. `onLost` is called once if the
   * connection drops: messages may have been missed, and the caller must listen again.
   */
  listen?(channel: string, onMessage: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL only: put every table in this schema (tests isolate themselves this way). */
  pgSchema?: string | undefined;
  poolSize?: number;
  /**
   * PGlite only: start on this file system instead of an empty cluster (the tests' migrated template,
   * `testing/pgliteTemplateFs.ts`).
   */
  fs?: PGliteOptions['fs'];
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.pgSchema ?? 'public', opts.poolSize ?? 10);
  return openPglite(opts.dataDir, opts.fs);
}

async function openPglite(dataDir: string | undefined, fs?: PGliteOptions['fs']): Promise<Database> {
  let dir: string | undefined;
  if (dataDir && dataDir !== 'memory://') {
    dir = resolve(join(dataDir, 'pglite'));
    mkdirSync(dir, { recursive: true });
  }
  // PostgreSQL's default 128 MB of shared buffers sits inside the WebAssembly heap of an embedded, single-process
  // database; 32 MB keeps a small installation's working set cached for ~100 MB less resident memory.
  const options = { postgresqlconf: ['shared_buffers=32MB'], ...(fs ? { fs } : {}) };
  // Each engine's driver loads only when it is used: an embedded server never loads `pg`, nor a PostgreSQL one PGlite.
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  const client = dir ? new PGlite(dir, options) : new PGlite(options);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pgSchema: 'public',
    ping: async () => {
      try { await client.query('select 1'); return true; } catch { return false; }
    },
    close: () => client.close(),
    // One process, one connection: nothing to lose but the database itself.
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => { if (!client.closed) await stop(); };
    },
  };
}

async function openPostgres(url: string, pgSchema: string, poolSize: number): Promise<Database> {
  if (!/^[a-z_][a-z0-9_]*$/.test(pgSchema)) throw new Error(`invalid schema name ${pgSchema}`);
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pg.Pool({
    connectionString: url,
    // The live bus and the session cache each hold one connection for LISTEN: those come on top of the queries'.
    max: poolSize + 2,
    // Tests isolate themselves in a schema; production uses public.
    options: pgSchema === 'public' ? undefined : `-c search_path=${pgSchema}`,
  });
  // An idle client error (server restart) must not crash the process; the pool replaces the client.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  if (pgSchema !== 'public') await db.execute(sql.raw(`create schema if not exists "${pgSchema}"`));
  return {
    db,
    kind: 'postgres',
    pgSchema,
    ping: async () => {
      try { await pool.query('select 1'); return true; } catch { return false; }
    },
    close: () => pool.end(),
    async listen(channel, onMessage, onLost) {
      const client = await pool.connect();
      let open = true;
      const lost = (err?: Error) => {
        if (!open) return;
        open = false;
        client.release(err ?? true);
        onLost?.();
      };
      client.on('notification', (n) => { if (n.channel === channel && n.payload !== undefined) onMessage(n.payload); });
      client.on('error', lost);
      client.on('end', () => lost());
      await client.query(`listen "${channel}"`);
      return async () => {
        if (!open) return;
        open = false;
        try { await client.query(`unlisten "${channel}"`); } finally { client.release(); }
      };
    },
  };
}
