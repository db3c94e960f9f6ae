import { describe, expect, it } from 'vitest';
import { node } from '../../router/menuNode.fixture';
import { ancestorKeys, buildMenuTree, nextOpenKeys } from './menuTree';

const menus = [
  node({ path: '/dashboard', title: 'route.dashboard' }),
  node({
    path: '/system',
    title: 'route.system',
    children: [node({ path: 'user', title: 'route.system.user' }), node({ path: 'role', title: 'route.system.role', hidden: true })],
  }),
  node({ path: '/equipment', title: 'route.equipment', children: [node({ path: 'olt', title: 'route.equipment.olt' })] }),
  node({ path: '/secret', title: 'x', hidden: true }),
  node({ path: 'https://help.example.com', title: 'help', external: true }),
];

describe('sidebar (SPEC §2)', () => {
  const tree = buildMenuTree(menus);

  it('leaves out the dashboard and hidden items', () => {
    expect(tree.map((e) => e.key)).toEqual(['/system', '/equipment', 'https://help.example.com']);
    expect(tree[0]?.children?.map((e) => e.key)).toEqual(['/system/user']);
  });

  it('marks external links', () => {
    expect(tree[2]?.external).toBe(true);
  });

  it('opens the section of the current page', () => {
    expect(ancestorKeys(tree, '/system/user')).toEqual(['/system']);
    expect(ancestorKeys(tree, '/system')).toEqual([]);
  });

  it('keeps one section open at a time', () => {
    expect(nextOpenKeys(tree, ['/system'], ['/system', '/equipment'])).toEqual(['/equipment']);
    expect(nextOpenKeys(tree, ['/system'], [])).toEqual([]);
  });
});
