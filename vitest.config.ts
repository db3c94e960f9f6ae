import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './scripts/longestFirst.mjs';

/**
 * Unit and server integration tests. Browser tests live in e2e/ with their own config (they need a build).
 * One worker more than there are cores (vitest's default is one fewer): about half of an integration test's time is
 * spent waiting on PostgreSQL, MQTT or a timer, so a third file fills the CPU the other two leave idle (on 2 cores
 * the phase took 455 s with vitest's default of 1 worker, 231 s with 3). UNIT_WORKERS overrides.
 */
const workers = Number(process.env.UNIT_WORKERS ?? availableParallelism() + 1);

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.{ts,mjs}'],
    // Generous: waits end when their condition holds, and a CI machine may be much busier than this one.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The longest files first, so none runs alone at the end (scripts/longestFirst.mjs).
    sequence: { sequencer: LongestFirst },
    maxWorkers: workers,
    // One migrated PGlite, loaded by every test server instead of migrating its own (testing/pgliteTemplate.ts).
    globalSetup: ['apps/server/src/testing/pgliteTemplate.ts'],
    setupFiles: ['apps/server/src/testing/usePgliteTemplate.ts'],
  },
});
