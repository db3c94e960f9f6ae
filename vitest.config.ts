import { defineConfig } from 'vitest/config';

// Unit and server integration tests. Browser tests live in e2e/ with their own config (they need a build).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.{ts,mjs}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
