import { defineConfig } from 'vitest/config';

// Soaks: long runs against the built server that watch for slow failures (memory growth). Not in `npm test`.
export default defineConfig({
  test: {
    include: ['e2e/**/*.soak.ts'],
    testTimeout: 600_000,
    hookTimeout: 90_000,
    // The browser tests' one patience (e2e/vitest.config.ts): a wait ends when its condition holds.
    expect: { poll: { timeout: 60_000, interval: 100 } },
    fileParallelism: false,
    pool: 'forks',
  },
});
