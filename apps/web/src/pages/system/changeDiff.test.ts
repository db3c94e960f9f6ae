import { describe, expect, it } from 'vitest';
import { changeRows } from './changeDiff';

describe('before → after', () => {
  it('compares field by field and marks what changed', () => {
    expect(changeRows({ name: 'A', status: 1 }, { name: 'B', status: 1 })).toEqual([
      { key: 'name', before: 'A', after: 'B', changed: true },
      { key: 'status', before: '1', after: '1', changed: false },
    ]);
  });

  it('a new row has only an after; a removed one only a before', () => {
    expect(changeRows(null, { name: 'A' })).toEqual([{ key: 'name', before: '', after: 'A', changed: true }]);
    expect(changeRows({ ids: [1, 2] }, undefined)).toEqual([{ key: 'ids', before: '[1,2]', after: '', changed: true }]);
  });

  it('values that are not objects compare as one row; nothing on either side is no row', () => {
    expect(changeRows([1], [1, 2])).toEqual([{ key: '', before: '[1]', after: '[1,2]', changed: true }]);
    expect(changeRows(null, null)).toEqual([]);
  });
});
