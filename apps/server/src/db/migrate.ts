import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database, Schema } from './client';

/** Migrations folder: `apps/server/drizzle`, one level above both `src/` and the bundled `dist/`. */
export function migrationsFolder(): string {
  for (const rel of ['../drizzle', '../../drizzle']) {
    const p = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(p)) return p;
  }
  throw new Error('migrations folder not found');
}

// Arbitrary constant: one advisory lock so several instances starting together migrate once.
const MIGRATION_LOCK = 727_001;

/** Runs the journal's pending migrations; `folder` is another journal (a test's, holding an older prefix of it). */
export async function runMigrations(database: Database, folder = migrationsFolder()): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
    return;
  }
  const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
  const db = database.db as unknown as NodePgDatabase<Schema>;
  // A session-level advisory lock needs one connection for lock, migrate and unlock.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migratePg(tx as unknown as NodePgDatabase<Schema>, {
      migrationsFolder: folder,
      migrationsSchema: database.pgSchema === 'public' ? 'drizzle' : database.pgSchema,
    });
  });
}
