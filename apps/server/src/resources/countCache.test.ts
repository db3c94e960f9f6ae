import { describe, expect, it } from 'vitest';
import { cachedCount, countKey, forgetCounts, LARGE, rememberCount, TTL_MS } from './countCache';

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
});
