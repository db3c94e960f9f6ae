import { describe, expect, it } from 'vitest';
import { cachedCount, countKey, countOnce, forgetCounts, LARGE, rememberCount, TTL_MS } from './countCache';

describe('totals of large lists', () => {
  it('remembers a large total for a short time only', () => {
    const key = countKey('test.a', 'select count(*)', [1]);
    rememberCount(key, LARGE + 1, 1000);
    expect(cachedCount(key, 1000 + TTL_MS - 1)).toBe(LARGE + 1);
    expect(cachedCount(key, 1000 + TTL_MS + 1)).toBeUndefined();
  });
  it('never remembers a small total, so small lists are always exact', () => {
    const key = countKey('test.b', 'select count(*)', [1]);
    rememberCount(key, LARGE - 1, 1000);
    expect(cachedCount(key, 1001)).toBeUndefined();
  });
  it('forgets a resource\'s totals when it is written', () => {
    const key = countKey('test.c', 'select count(*)', []);
    rememberCount(key, LARGE * 2, 1000);
    forgetCounts('test.c');
    expect(cachedCount(countKey('test.c', 'select count(*)', []), 1001)).toBeUndefined();
  });
  it('keeps different filters apart', () => {
    rememberCount(countKey('test.d', 'q', ['x']), LARGE * 3, 1000);
    expect(cachedCount(countKey('test.d', 'q', ['y']), 1001)).toBeUndefined();
  });
  it('counts once for the callers asking together, and again once that count has ended', async () => {
    const key = countKey('test.e', 'q', []);
    let counts = 0;
    let finish: (n: number) => void = () => undefined;
    const count = () => { counts++; return new Promise<number>((r) => { finish = r; }); };
    const together = Array.from({ length: 50 }, () => countOnce(key, count, 1000));
    finish(LARGE - 1);
    expect(await Promise.all(together)).toEqual(Array.from({ length: 50 }, () => LARGE - 1));
    expect(counts).toBe(1);
    // A small total is not remembered: the next caller counts again.
    const next = countOnce(key, count, 1001);
    finish(7);
    expect(await next).toBe(7);
    expect(counts).toBe(2);
  });
  it('lets a failed count fail its callers and the next caller count again', async () => {
    const key = countKey('test.f', 'q', []);
    await expect(Promise.all([countOnce(key, () => Promise.reject(new Error('gone')), 1000), countOnce(key, () => Promise.resolve(1), 1000)])).rejects.toThrow('gone');
    expect(await countOnce(key, () => Promise.resolve(LARGE), 1001)).toBe(LARGE);
    expect(await countOnce(key, () => Promise.resolve(0), 1002)).toBe(LARGE);
  });
});
