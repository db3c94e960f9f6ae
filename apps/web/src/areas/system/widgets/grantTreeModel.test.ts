import { describe, expect, it } from 'vitest';
import type { GrantTree } from '@gx/contract';
import { countsOf, filterNodes, fromValues, grantNodes, indexNodes, shownChecked, toValues, toggle } from './grantTreeModel';

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
    expect(shownChecked(next, index).checked).toContain('other');
  });

  it('a section granted for one button under it shows half-ticked, with its count; a full one ticked', () => {
    const one = toggle(new Set(), 'b10', true, index);
    expect(shownChecked(one, index)).toEqual({ checked: ['b10'], halfChecked: ['m1', 'm2'] });
    expect(countsOf(one, index).get('m1')).toEqual({ granted: 2, total: 6 });
    expect(countsOf(one, index).get('m2')).toEqual({ granted: 1, total: 3 });
    const page = toggle(new Set(), 'm2', true, index);
    expect(shownChecked(page, index)).toEqual({ checked: ['m2', 'b10', 'b11', 'b12'], halfChecked: ['m1'] });
    expect(shownChecked(new Set(), index)).toEqual({ checked: [], halfChecked: [] });
  });

  it('search keeps matches, their ancestors and what is under a matching section', () => {
    const found = filterNodes(grantNodes(tree), (n) => n.name === 'system.role.list' || n.name === 'system-user');
    expect(found.map((n) => n.key)).toEqual(['m1']);
    expect(found[0]!.children.map((n) => n.key)).toEqual(['m2', 'm3']);
    expect(found[0]!.children[0]!.children).toHaveLength(3);
    expect(found[0]!.children[1]!.children.map((n) => n.key)).toEqual(['b20']);
  });

  it('no "other buttons" group when every button has its menu', () => {
    expect(grantNodes({ ...tree, other: [] }).map((n) => n.key)).toEqual(['m1']);
  });
});
