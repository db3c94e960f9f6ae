import { defineConfig } from 'vitest/config';
import LongestFirst from '../scripts/longestFirst.mjs';

/**
 * Browser and whole-server tests: each file starts the built server on its own port and data directory (and a
 * Chromium with its own temporary profile), so files share nothing and run in parallel workers. Two groups, one
 * after the other:
 * - "browser": the console in Chromium, E2E_WORKERS files at a time (default 2, one per core: most of a browser
 *   test's time is the browser and the server waiting on each other, so two overlap well; three took longer, the
 *   whole group 899 s against 826 s, CPU 1,709 s against 1,513 s, on 2026-12-03);
 * - "server": crash, restart, shutdown, PostgreSQL and scale-out runs, after the browsers, since they load the server
 *   or kill it and must not share the CPU with a browser. Two at a time: each starts its own servers on databases,
 *   directories and share groups of its own, and one at a time left a core idle (the crash rounds alone take half
 *   the group: 105 s one at a time, 60-65 s two at a time).
 * Soaks (`*.soak.ts`) are outside `npm test`: `npm run soak`.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
const SERVER_FILES = ['e2e/crash.e2e.ts', 'e2e/restart.e2e.ts', 'e2e/shutdown.e2e.ts', 'e2e/postgres.e2e.ts', 'e2e/scaleOut.e2e.ts'];

export default defineConfig({
  test: {
    // The test servers run for speed and briefly (scripts/serverFlags.mjs): the embedded default, V8's
    // --optimize-for-size, is for a server holding many device connections, and cost these tests a quarter more server
    // CPU in garbage collection (4 files: 73 → 54 s of server CPU, 164 → 147 s); and a server living one file never
    // earns back the optimised compile of PGlite's WebAssembly (4 files: 65 → 51 s). What a test checks does not
    // depend on either; the bench and the soak keep `npm start`'s default.
    env: { SERVER_TUNING: 'brief' },
    // Above twice the browser's WAIT_MS, so a slow wait fails with its own message rather than the test's timeout.
    testTimeout: 150_000,
    // expect.poll waits on a condition like a locator does, with the same patience (WAIT_MS in support/browser.ts).
    expect: { poll: { timeout: 60_000, interval: 100 } },
    // A file's beforeAll starts a server (a fresh database) and a browser; on a shared machine that can take long.
    hookTimeout: 180_000,
    pool: 'forks',
    // The longest files first, so none runs alone at the end (scripts/longestFirst.mjs).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['e2e/**/*.e2e.ts'],
          // One migrated database, copied by every file's server (support/template.ts).
          // and one Chromium, which every file connects to (support/sharedBrowser.ts).
          globalSetup: ['e2e/support/template.ts', 'e2e/support/sharedBrowser.ts'],
          setupFiles: ['e2e/support/useTemplate.ts', 'e2e/support/useSharedBrowser.ts'],
          exclude: SERVER_FILES,
          // The files of a worker share its modules (the contract, playwright-core, the support files), as the server
          // tests do: each file starts its own server and browser context, and no support module keeps state between
          // files. 23 files: 237-241 -> 215-220 s, CPU 280-284 -> 242-247 s (vitest's import time 28-31 -> 5 s).
          isolate: false,
          fileParallelism: workers > 1,
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: SERVER_FILES,
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
