import { describe, expect, it } from 'vitest';
import { moved } from './moved';

describe('moved', () => {
  it('moves an item up or down and leaves the list as it was at its ends', () => {
    const list = ['a', 'b', 'c'];
    expect(moved(list, 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moved(list, 1, 2)).toEqual(['a', 'c', 'b']);
    expect(moved(list, 0, -1)).toBe(list);
    expect(moved(list, 2, 3)).toBe(list);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});
