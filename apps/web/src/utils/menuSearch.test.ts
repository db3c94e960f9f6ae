import type { MenuNode } from '@gx/contract';
import { describe, expect, it } from 'vitest';
import { node } from '../router/menuNode.fixture';
import { createMenuSearch, MENU_SEARCH_OPTIONS } from './menuSearch';
import { buildSearchEntries } from './menuSearchEntries';

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

  it('finds a Chinese page by its pinyin, its initials, spaced syllables, its English title and its path', () => {
    const zh: Record<string, string> = { 'route.system': '系统管理', 'route.system.user': '用户管理', 'route.system.operationLog': '操作日志' };
    const search = createMenuSearch(buildSearchEntries(menus, (k) => zh[k] ?? k, [translate]));
    for (const query of ['yonghu', 'yhgl', 'yong hu guan li', 'YongHu', 'Users', '/system/user']) {
      expect(search.search(query)[0]?.path, query).toBe('/system/user');
    }
    // The English console finds it by its Chinese name and that name's pinyin too.
    const en = createMenuSearch(buildSearchEntries(menus, translate, [(k) => zh[k] ?? k]));
    for (const query of ['用户管理', 'yhgl', 'yonghu']) expect(en.search(query)[0]?.title, query).toEqual(['System', 'Users']);
  });

  it('ranks exact, then prefix, then whole-word matches before loose fuzzy ones', () => {
    const words: Record<string, string> = {
      'r.net': 'Network', 'r.volt': 'Voltage alarms', 'r.tools': 'Tools', 'r.olt': 'OLT', 'r.oltPorts': 'OLT ports',
      'r.gw': 'Gateway OLT uplinks', 'r.bolt': 'Bolted racks',
    };
    const flat = ['r.volt', 'r.tools', 'r.bolt', 'r.gw', 'r.oltPorts', 'r.olt'].map((title, i) => node({ path: `/net/p${i}`, title }));
    const search = createMenuSearch(buildSearchEntries([node({ path: '/net', title: 'r.net', children: flat })], (k) => words[k] ?? k));
    const titles = search.search('olt').map((e) => e.title[1]);
    expect(titles.slice(0, 3)).toEqual(['OLT', 'OLT ports', 'Gateway OLT uplinks']);
    // Loose matches still come, after them.
    expect(titles.slice(3)).toEqual(expect.arrayContaining(['Voltage alarms']));
  });
});
