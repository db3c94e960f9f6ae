import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './scripts/longestFirst.mjs';

/**
 * Unit and server integration tests. Browser tests live in e2e/ with their own config (they need a build).
 * Two workers more than there are cores (vitest's default is one fewer): about half of an integration test's time is
 * spent waiting on PostgreSQL, MQTT or a timer, so more files fill the CPU the others leave idle. On 2 cores the
 * phase took 455 s with vitest's default of 1 worker, 231 s with 3; on 2026-12-01, alone on PostgreSQL, 242 s with 3
 * (the CPU 75 % busy), 214 s with 4, 234 s with 5 (each worker imports the server again). UNIT_WORKERS overrides.
 *
 * Test files share their worker's modules (`isolate: false`). A server test imports the whole server (every area,
 * ~4 s of module evaluation a file on this machine), and nothing a server test changes lives in a module — every
 * file starts its own servers on its own databases, and a file runs both engines in one process anyway. Measured on
 * the equipment tests (16 files, both engines): 196–229 s isolated, 135 s shared. The contract, console and script
 * tests share too: none mocks a module, and the two that stub globals or fake timers restore them after each test
 * (`request.test.ts`, `debounce.test.ts`); a fresh module graph per file was most of their time (55 files alone:
 * 43 → 26 s, CPU 68 → 41 s).
 */
const workers = Number(process.env.UNIT_WORKERS ?? availableParallelism() + 2);

export default defineConfig({
  test: {
    // Generous: waits end when their condition holds, and a CI machine may be much busier than this one.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The longest files first, so none runs alone at the end (scripts/longestFirst.mjs).
    sequence: { sequencer: LongestFirst },
    maxWorkers: workers,
    // One migrated PGlite and one migrated PostgreSQL database, copied by every test server instead of migrating its
    // own (testing/pgliteTemplate.ts, testing/postgresTemplate.ts).
    globalSetup: ['apps/server/src/testing/pgliteTemplate.ts', 'apps/server/src/testing/postgresTemplate.ts'],
    setupFiles: ['apps/server/src/testing/useTemplates.ts'],
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.{ts,mjs}'],
    isolate: false,
  },
});
