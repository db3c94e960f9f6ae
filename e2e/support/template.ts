import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';
import { dropDatabase, makeDatabase } from '../../apps/server/src/testing/pgDatabases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the built server has migrated and seeded once, copied by each test server instead. */
    e2eTemplateDir: string;
    /** The same on PostgreSQL (where TEST_DATABASE_URL is set): a database each test server's database is made from. */
    e2eTemplateDatabase: string;
  }
}

let dir: string | undefined;
let database: string | undefined;

/**
 * Global setup of the browser tests: the built server migrates and seeds one fresh database and stops cleanly; each
 * test file's server then starts on a copy of it (`startServer`). Migrating from nothing took about 7 s a file on a
 * quiet machine and 20 s on a busy one; starting on a copy takes about 2 s. What every file tests is unchanged: a
 * copy is a database exactly as a first start leaves it.
 *
 * Where TEST_DATABASE_URL is set the copies are PostgreSQL databases (`create database … template …`), else PGlite
 * data directories; the embedded template is made always, for the files that ask for the embedded engine. On
 * PostgreSQL the server's own process does not run the database (PGlite is PostgreSQL compiled to WebAssembly,
 * inside the server): measured here, a test server starts in 2.5 s of CPU instead of 4.5 s, and four browser files
 * cost their servers 39 s of CPU (PostgreSQL 3 s) instead of 46 s.
 */
export async function setup(project: TestProject): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'gx-e2e-template-'));
  const base = process.env.TEST_DATABASE_URL;
  const pgDir = base ? mkdtempSync(join(tmpdir(), 'gx-e2e-template-pg-')) : undefined;
  const made = base ? await makeDatabase(base, 'gx_e2e_template') : undefined;
  database = made?.url;
  const seed = async (env: Record<string, string>, at: string) => {
    const server = await startServer(env, at);
    const code = await server.stop();
    if (code !== 0) throw new Error(`the template server exited with ${code}:\n${server.output()}`);
  };
  try {
    await Promise.all([seed({}, dir), ...(made && pgDir ? [seed({ DATABASE_URL: made.url }, pgDir)] : [])]);
  } finally {
    if (pgDir) rmSync(pgDir, { recursive: true, force: true });
  }
  project.provide('e2eTemplateDir', dir);
  project.provide('e2eTemplateDatabase', database ?? '');
}

export async function teardown(): Promise<void> {
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (database) await dropDatabase(database);
}
