import { describe, expect, it } from 'vitest';
import { sharedReads } from './sharedReads';

describe('reads shared while under way', () => {
  it('reads once for the callers of one key asking together, apart for another key, and again once it has ended', async () => {
    const read = sharedReads<string, number>();
    let reads = 0;
    const slow = (n: number) => () => { reads++; return new Promise<number>((r) => setImmediate(() => r(n))); };
    expect(await Promise.all([read('a', slow(1)), read('a', slow(2)), read('b', slow(3))])).toEqual([1, 1, 3]);
    expect(reads).toBe(2);
    expect(await read('a', slow(4))).toBe(4);
    expect(reads).toBe(3);
  });
  it('fails every caller of a failed read, and the next caller reads again', async () => {
    const read = sharedReads<string, number>();
    const failing = () => new Promise<number>((_, reject) => setImmediate(() => reject(new Error('gone'))));
    await expect(Promise.all([read('a', failing), read('a', () => Promise.resolve(1))])).rejects.toThrow('gone');
    expect(await read('a', () => Promise.resolve(2))).toBe(2);
  });
});
