import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedProduct } from './testApp';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump (`dumpDataDir`) of a database every migration and the product's seed have run on; '' when none was made. */
    pgliteTemplate: string;
  }
}

let dir: string | undefined;

/**
 * Global setup of the unit and integration tests: one in-memory PGlite is created, migrated and seeded, and its data
 * directory dumped to a file; every `startTestApp` on PGlite then loads that dump instead of creating a cluster and
 * running every migration again (about 5 s + 1.6 s a server on a busy machine, against 1 s to load). The migrations
 * themselves are still checked: each server runs `runMigrations`, which finds them applied, and the migration tests
 * start from empty databases of their own.
 */
export async function setup(project: TestProject): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await runMigrations(database);
    await seedProduct(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    dir = mkdtempSync(join(tmpdir(), 'gx-pglite-template-'));
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await database.close();
  }
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
