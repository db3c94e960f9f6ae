import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';
import { scratchDir } from './scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the built server has migrated and seeded once, copied by each test server instead. */
    e2eTemplateDir: string;
  }
}

let dir: string | undefined;

/**
 * Global setup of the browser tests: the built server migrates and seeds one fresh embedded database and stops
 * cleanly; each test file's server then starts on a copy of it (`startServer`). Migrating from nothing took about
 * 7 s a file on a quiet machine and 20 s on a busy one; starting on a copy takes about 2 s. What every file tests
 * is unchanged: a copy is a database exactly as a first start leaves it.
 */
export async function setup(project: TestProject): Promise<void> {
  dir = scratchDir('gx-e2e-template-');
  const server = await startServer({}, dir);
  const code = await server.stop();
  if (code !== 0) throw new Error(`the template server exited with ${code}:\n${server.output()}`);
  project.provide('e2eTemplateDir', dir);
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
