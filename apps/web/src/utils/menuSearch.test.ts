import type { MenuNode } from '@gx/contract';
import { describe, expect, it } from 'vitest';
import { node } from '../router/menuNode.fixture';
import { buildSearchEntries, createMenuSearch, MENU_SEARCH_OPTIONS } from './menuSearch';

const titles: Record<string, string> = {
  'route.system': 'System',
  'route.system.user': 'Users',
  'route.system.role': 'Roles',
  'route.system.operationLog': 'Operation log',
  'route.equipment': 'Devices',
  'route.equipment.gateway': 'Integrated gateways',
  'route.dashboard': 'Dashboard',
};
const translate = (key: string) => titles[key] ?? key;

const menus: MenuNode[] = [
  node({ path: '/dashboard', title: 'route.dashboard' }),
  node({
    path: '/system',
    title: 'route.system',
    children: [
      node({ path: 'user', title: 'route.system.user' }),
      node({ path: 'role', title: 'route.system.role', hidden: true }),
      node({ path: 'log', title: 'route.system.operationLog' }),
    ],
  }),
  node({ path: '/equipment', title: 'route.equipment', children: [node({ path: 'gateway', title: 'route.equipment.gateway' })] }),
  node({ path: 'https://docs.example.com', title: 'Docs', external: true }),
];

describe('menu search (SPEC §2, §9)', () => {
  it('uses the spec weights and threshold', () => {
    expect(MENU_SEARCH_OPTIONS.threshold).toBe(0.4);
    expect(MENU_SEARCH_OPTIONS.keys?.map((k) => (typeof k === 'object' && !Array.isArray(k) ? { name: k.name, weight: k.weight } : k))).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ]);
  });

  it('indexes visible pages with their translated title trail; hidden pages are left out', () => {
    const entries = buildSearchEntries(menus, translate);
    expect(entries.map((e) => e.path)).toEqual(['/dashboard', '/system/user', '/system/log', '/equipment/gateway', 'https://docs.example.com']);
    expect(entries.find((e) => e.path === '/system/user')?.title).toEqual(['System', 'Users']);
    expect(entries.find((e) => e.path.startsWith('https'))?.external).toBe(true);
  });

  it('finds pages by translated title, fuzzily', () => {
    const search = createMenuSearch(buildSearchEntries(menus, translate));
    expect(search.search('users')[0]?.path).toBe('/system/user');
    expect(search.search('gatway')[0]?.path).toBe('/equipment/gateway');
  });

  it('finds pages by path', () => {
    const search = createMenuSearch(buildSearchEntries(menus, translate));
    expect(search.search('/system/log')[0]?.path).toBe('/system/log');
  });

  it('searches whatever language the titles were translated into', () => {
    const zh: Record<string, string> = { 'route.system': '系统管理', 'route.system.user': '用户管理' };
    const search = createMenuSearch(buildSearchEntries(menus, (k) => zh[k] ?? k));
    expect(search.search('用户')[0]?.path).toBe('/system/user');
  });

  it('an empty query finds nothing, and results are capped', () => {
    const search = createMenuSearch(buildSearchEntries(menus, translate));
    expect(search.search('   ')).toEqual([]);
    expect(search.search('s', 2).length).toBeLessThanOrEqual(2);
  });
});
