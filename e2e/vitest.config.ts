import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the built server on its own port and data directory and drives Debian's Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Two cores: one browser at a time keeps the timings sane.
    fileParallelism: false,
    pool: 'forks',
  },
});
