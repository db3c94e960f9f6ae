import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer, TEMPLATES } from './server';
import { scratchDir } from './scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Data directories the built server has migrated and seeded once (`TEMPLATES`), by the variable naming each. */
    e2eTemplates: Record<string, string>;
  }
}

const dirs: string[] = [];

/**
 * Global setup of the browser tests: the built server migrates and seeds a fresh embedded database for each of
 * `TEMPLATES` (side by side) and stops cleanly; each test file's server then starts on a copy of the one made with its
 * first-start settings (`startServer`). Migrating from nothing took about 7 s a file on a quiet machine and 20 s on
 * a busy one; starting on a copy takes about 2 s. What every file tests is unchanged: a copy is a database exactly as
 * a first start leaves it. (The seven files that play the demo fleet migrated their own until it had a template:
 * ~5 s of CPU each.)
 */
export async function setup(project: TestProject): Promise<void> {
  const made = await Promise.all(TEMPLATES.map(async (t) => {
    const dir = scratchDir('gx-e2e-template-');
    dirs.push(dir);
    const server = await startServer(t.env, dir);
    const code = await server.stop();
    if (code !== 0) throw new Error(`the template server (${JSON.stringify(t.env)}) exited with ${code}:\n${server.output()}`);
    return [t.variable, dir] as const;
  }));
  project.provide('e2eTemplates', Object.fromEntries(made));
}

export function teardown(): void {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
