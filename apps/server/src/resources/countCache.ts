import { sharedReads } from '../db/sharedReads';

/**
 * Totals of large lists, remembered briefly. An exact count over 100,000 rows costs ~60 ms on PostgreSQL while
 * the page itself (an index scan with a limit) costs well under 1 ms, so without this a list of 100,000 rows would
 * page far slower than a list of 100. Counts below LARGE are always exact (cheap, and what a small organisation
 * sees change at once); larger totals may lag other instances' writes by at most TTL_MS, and this instance's own
 * writes through the engine drop them at once (`forgetCounts`).
 */
export const LARGE = 5_000;
export const TTL_MS = 10_000;
const MAX_ENTRIES = 2_000;

const generation = new Map<string, number>();
const cache = new Map<string, { value: number; at: number }>();
/** Counts under way, shared by the callers asking for the same total meanwhile. */
const counting = sharedReads<string, number>();

export function countKey(resource: string, sqlText: string, params: unknown[]): string {
  return `${resource}\u0001${generation.get(resource) ?? 0}\u0001${sqlText}\u0001${JSON.stringify(params)}`;
}

export function cachedCount(key: string, now: number): number | undefined {
  const hit = cache.get(key);
  if (!hit) return undefined;
  if (now - hit.at > TTL_MS) {
    cache.delete(key);
    return undefined;
  }
  return hit.value;
}

export function rememberCount(key: string, value: number, now: number): void {
  if (value < LARGE) return;
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, { value, at: now });
}

/**
 * The total for `key`: remembered, or being counted for another caller (shared), or counted by `count` now. Without
 * the sharing, the 50 callers of a busy list whose total had just expired each ran the 60 ms count at once, and under
 * that load each took ~600 ms (measured: 75 counts in a 3 × 3 s bench where 3 would do).
 */
export async function countOnce(key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
  const known = cachedCount(key, now);
  if (known !== undefined) return known;
  return counting(key, async () => {
    const n = await count();
    rememberCount(key, n, now);
    return n;
  });
}

/** A write to the resource: its remembered totals no longer hold. */
export function forgetCounts(resource: string): void {
  generation.set(resource, (generation.get(resource) ?? 0) + 1);
}
