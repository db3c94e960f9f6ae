import { describe, expect, it } from 'vitest';
import { inMaintenanceWindow, offlineRetryDelayMs, windowClosesAt, windowProblem } from './rollout';

/** Maintenance windows: daily, local to their zone, crossing midnight when the end comes before the start. */
describe('campaign maintenance window', () => {
  const at = (iso: string) => new Date(iso);

  it('is open from its start (inclusive) to its end (exclusive) in its own time zone', () => {
    const w = { start: '09:00', end: '17:00', zone: 'Asia/Shanghai' };
    expect(inMaintenanceWindow(at('2026-03-02T01:00:00Z'), w)).toBe(true); // 09:00 in Shanghai
    expect(inMaintenanceWindow(at('2026-03-02T00:59:00Z'), w)).toBe(false);
    expect(inMaintenanceWindow(at('2026-03-02T09:00:00Z'), w)).toBe(false); // 17:00 in Shanghai
    expect(inMaintenanceWindow(at('2026-03-02T08:59:00Z'), w)).toBe(true);
  });

  it('crosses midnight when the end is before the start, and closes at the local end', () => {
    const w = { start: '22:00', end: '04:00', zone: 'Europe/Paris' };
    expect(inMaintenanceWindow(at('2026-01-15T21:30:00Z'), w)).toBe(true); // 22:30 in Paris (UTC+1)
    expect(inMaintenanceWindow(at('2026-01-16T02:59:00Z'), w)).toBe(true); // 03:59
    expect(inMaintenanceWindow(at('2026-01-16T03:00:00Z'), w)).toBe(false); // 04:00
    expect(inMaintenanceWindow(at('2026-01-15T12:00:00Z'), w)).toBe(false);
    expect(windowClosesAt(at('2026-01-15T21:30:20Z'), w).toISOString()).toBe('2026-01-16T03:00:00.000Z');
  });

  it('names the field of a bad window, and accepts none at all', () => {
    expect(windowProblem({})).toBeNull();
    expect(windowProblem({ start: '', end: '', zone: 'UTC' })).toBeNull();
    expect(windowProblem({ start: '24:00', end: '01:00', zone: 'UTC' })).toEqual({ field: 'window_start', message: 'validation.windowTime' });
    expect(windowProblem({ start: '01:00', end: '', zone: 'UTC' })).toEqual({ field: 'window_end', message: 'validation.windowTime' });
    expect(windowProblem({ start: '01:00', end: '01:00', zone: 'UTC' })).toEqual({ field: 'window_end', message: 'validation.windowEmpty' });
    expect(windowProblem({ start: '01:00', end: '02:00', zone: 'Nowhere/City' })).toEqual({ field: 'window_tz', message: 'validation.timeZone' });
    expect(windowProblem({ start: '01:00', end: '02:00', zone: 'UTC' })).toBeNull();
  });
});

/** An offline target's back-off: 10 min doubling to 12 h, each wait ±25 %. */
describe('offline back-off', () => {
  const MIN = 60_000;
  const mid = () => 0.5;

  it('doubles from 10 minutes and stops at 12 hours', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map((n) => offlineRetryDelayMs(n, mid) / MIN)).toEqual([10, 20, 40, 80, 160, 320, 640, 720, 720]);
  });

  it('spreads each wait by a quarter either way, so devices that went dark together do not come due together', () => {
    expect(offlineRetryDelayMs(0, () => 0) / MIN).toBe(7.5);
    expect(offlineRetryDelayMs(0, () => 0.999_999) / MIN).toBeCloseTo(12.5, 3);
    expect(offlineRetryDelayMs(20, () => 0) / MIN).toBe(540);
    const waits = new Set(Array.from({ length: 50 }, () => offlineRetryDelayMs(1)));
    expect(waits.size).toBeGreaterThan(40);
    for (const w of waits) expect(w >= 15 * MIN && w <= 25 * MIN).toBe(true);
  });
});
