import type { MenuNode } from '@gx/contract';
import { describe, expect, it } from 'vitest';
import { node } from './menuNode.fixture';
import { matchRoute, menusToRoutes, resolvePath, withDashboard } from './menuRoutes';

const menus: MenuNode[] = [
  node({ path: '/dashboard', title: 'route.dashboard', component: 'dashboard/index', affix: true }),
  node({
    path: '/system',
    title: 'route.system',
    component: 'layout',
    children: [
      node({ path: 'user', title: 'route.system.user', component: 'system/user' }),
      node({ path: 'role', title: 'route.system.role', component: 'system/role', hidden: true }),
      node({ path: 'https://example.com/help', title: 'x', external: true }),
    ],
  }),
];

describe('menus → routes', () => {
  it('resolves relative child paths against their section', () => {
    expect(resolvePath('/system', 'user')).toBe('/system/user');
    expect(resolvePath('/system', '/abs')).toBe('/abs');
    expect(resolvePath('/', 'https://x.y')).toBe('https://x.y');
  });

  it('flattens the tree; sections redirect to their first visible page; external links are not routes', () => {
    const routes = menusToRoutes(menus);
    expect(routes.map((r) => r.path)).toEqual(['/dashboard', '/system', '/system/user', '/system/role']);
    const system = routes.find((r) => r.path === '/system');
    expect(system?.redirect).toBe('/system/user');
    const user = routes.find((r) => r.path === '/system/user');
    expect(user?.component).toBe('system/user');
    expect(user?.parentPath).toBe('/system');
    expect(user?.ancestors).toEqual([{ title: 'route.system', path: '/system' }]);
  });

  it('hidden routes are still registered (reachable, just not in the sidebar)', () => {
    expect(matchRoute(menusToRoutes(menus), '/system/role')?.meta.hidden).toBe(true);
  });

  it('the dashboard exists even when a menu tree leaves it out', () => {
    const routes = withDashboard(menusToRoutes(menus.slice(1)));
    expect(routes[0]?.path).toBe('/dashboard');
    expect(routes[0]?.meta.affix).toBe(true);
  });

  it('matches exact paths, trailing slashes and params', () => {
    const routes = [...menusToRoutes(menus), ...menusToRoutes([node({ path: '/device/:id', component: 'x' })])];
    expect(matchRoute(routes, '/system/user/')?.path).toBe('/system/user');
    expect(matchRoute(routes, '/device/42')?.path).toBe('/device/:id');
    expect(matchRoute(routes, '/nope')).toBeUndefined();
  });
});
