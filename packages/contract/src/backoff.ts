/**
 * One back-off for every retry schedule (offline campaign targets, webhook deliveries): the wait before try
 * `step + 1` (`step` 0: the first wait) doubles from `firstS`, stops at `maxS`, and is spread by ±`jitter` so things
 * that failed together do not come due together. In ms.
 */
export function backoffMs(step: number, firstS: number, maxS: number, jitter: number, random: () => number = Math.random): number {
  const base = Math.min(firstS * 2 ** Math.min(Math.max(step, 0), 30), maxS);
  return Math.round(base * 1000 * (1 + jitter * (2 * random() - 1)));
}
