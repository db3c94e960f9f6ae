import { describe, expect, it } from 'vitest';
import type { GrantTree } from '@gx/contract';
import { fromValues, grantNodes, indexNodes, shownChecked, toValues, toggle } from './grantTreeModel';

const tree: GrantTree = {
  menus: [
    {
      id: 1, name: 'system', title: 'route.system', buttons: [],
      children: [
        { id: 2, name: 'system-user', title: 'route.system.user', children: [], buttons: [
          { id: 10, key: 'system.user.list', title: 'perm.system.user.list' },
          { id: 11, key: 'system.user.add', title: 'perm.system.user.add' },
          { id: 12, key: 'system.user.remove', title: 'perm.system.user.remove' },
        ] },
        { id: 3, name: 'system-role', title: 'route.system.role', children: [], buttons: [{ id: 20, key: 'system.role.list', title: 'perm.system.role.list' }] },
      ],
    },
  ],
  other: [{ id: 30, key: 'extra.thing.run', title: 'Run' }],
};
const index = indexNodes(grantNodes(tree));

describe('the grant tree', () => {
  it('ticking a page grants its section and all its buttons', () => {
    const next = toggle(new Set(), 'm2', true, index);
    expect(toValues(next, index)).toEqual({ menu_ids: [1, 2], button_ids: [10, 11, 12] });
  });

  it('unticking a button takes away only that button', () => {
    const next = toggle(toggle(new Set(), 'm2', true, index), 'b12', false, index);
    expect(toValues(next, index)).toEqual({ menu_ids: [1, 2], button_ids: [10, 11] });
  });

  it('ticking a button grants its page and section', () => {
    expect(toValues(toggle(new Set(), 'b20', true, index), index)).toEqual({ menu_ids: [1, 3], button_ids: [20] });
  });

  it('unticking a section takes away everything under it', () => {
    const all = fromValues([1, 2, 3], [10, 11, 12, 20]);
    expect(toValues(toggle(all, 'm1', false, index), index)).toEqual({ menu_ids: [], button_ids: [] });
  });

  it('buttons attached to no menu are ticked through their group, which is no grant itself', () => {
    const next = toggle(new Set(), 'other', true, index);
    expect(toValues(next, index)).toEqual({ menu_ids: [], button_ids: [30] });
    expect(shownChecked(next, index)).toContain('other');
  });
});
