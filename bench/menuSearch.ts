import { performance } from 'node:perf_hooks';

export interface MenuSearchFigures {
  entries: number;
  queries: number;
  meanMs: number;
  p99Ms: number;
  buildMs: number;
}

/** Filled in once the console's menu search module exists (apps/web). */
export function measureMenuSearch(): MenuSearchFigures {
  const t = performance.now();
  return { entries: 0, queries: 0, meanMs: 0, p99Ms: 0, buildMs: Math.round(performance.now() - t) };
}
