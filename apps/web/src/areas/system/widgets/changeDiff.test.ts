import { describe, expect, it } from 'vitest';
import { changeRows } from './changeDiff';

describe('before → after', () => {
  it('compares field by field and marks what changed, keeping the logged values for the cells to render', () => {
    expect(changeRows({ name: 'A', status: 1, role_ids: [2, 1] }, { name: 'B', status: 1, role_ids: [2, 1] })).toEqual([
      { key: 'name', before: 'A', after: 'B', changed: true },
      { key: 'status', before: 1, after: 1, changed: false },
      { key: 'role_ids', before: [2, 1], after: [2, 1], changed: false },
    ]);
  });

  it('a new row has only an after; a removed one only a before; wire annotations are no field', () => {
    expect(changeRows(null, { name: 'A', _denied: {} })).toEqual([{ key: 'name', before: undefined, after: 'A', changed: true }]);
    expect(changeRows({ ids: [1, 2] }, undefined)).toEqual([{ key: 'ids', before: [1, 2], after: undefined, changed: true }]);
  });

  it('objects compare by value, whatever the order of their keys', () => {
    expect(changeRows({ cfg: { a: 1, b: 2 } }, { cfg: { b: 2, a: 1 } })[0]?.changed).toBe(false);
  });

  it('values that are not objects compare as one row; nothing on either side is no row', () => {
    expect(changeRows([1], [1, 2])).toEqual([{ key: '', before: [1], after: [1, 2], changed: true }]);
    expect(changeRows(null, null)).toEqual([]);
  });
});
