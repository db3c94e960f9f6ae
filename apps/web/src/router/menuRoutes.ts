import type { MenuNode } from '@gx/contract';
import { matchPath } from 'react-router';
import { DASHBOARD_PATH } from '../config/constants';
import type { AppRoute, Crumb } from './types';

/** Pure conversion of the server's menu tree into the console's flat route list (SPEC §2 "register at run time"). */

const EXTERNAL_RE = /^(https?:|mailto:|tel:)/i;

export function isExternal(path: string): boolean {
  return EXTERNAL_RE.test(path);
}

/** Joins a child path onto its section's path; absolute child paths and external links stand alone. */
export function resolvePath(base: string, path: string): string {
  if (isExternal(path)) return path;
  const joined = path.startsWith('/') ? path : `${base.replace(/\/+$/, '')}/${path}`;
  const normalised = `/${joined.split('/').filter(Boolean).join('/')}`;
  return normalised;
}

function isSection(node: MenuNode): boolean {
  return node.children.length > 0 || node.component === 'layout';
}

function sectionRedirect(node: MenuNode, path: string): string {
  if (node.redirect && node.redirect !== 'noRedirect') return resolvePath(path, node.redirect);
  const internal = node.children.filter((c) => !c.external && !isExternal(c.path));
  const first = internal.find((c) => !c.hidden) ?? internal[0];
  return first ? resolvePath(path, first.path) : '';
}

export function menusToRoutes(menus: readonly MenuNode[]): AppRoute[] {
  const out: AppRoute[] = [];
  const seen = new Set<string>();
  const walk = (nodes: readonly MenuNode[], base: string, ancestors: Crumb[], parentPath: string | null) => {
    for (const node of nodes) {
      const path = resolvePath(base, node.path);
      if (node.external || isExternal(path)) continue;
      const section = isSection(node);
      if (path !== '/' && !seen.has(path)) {
        seen.add(path);
        out.push({
          path,
          name: node.name,
          component: section ? '' : node.component,
          redirect: section ? sectionRedirect(node, path) : '',
          meta: { title: node.title, icon: node.icon, hidden: node.hidden, noCache: node.noCache, affix: node.affix },
          parentPath,
          ancestors,
        });
      }
      if (node.children.length > 0) {
        const crumbs = node.title ? [...ancestors, { title: node.title, path }] : ancestors;
        walk(node.children, path, crumbs, path === '/' ? parentPath : path);
      }
    }
  };
  walk(menus, '/', [], null);
  return out;
}

/** SPEC §2: `/` always leads to the dashboard, so it exists even if a menu tree forgot it. */
export function withDashboard(routes: AppRoute[]): AppRoute[] {
  if (routes.some((r) => r.path === DASHBOARD_PATH)) return routes;
  const dashboard: AppRoute = {
    path: DASHBOARD_PATH,
    name: 'Dashboard',
    component: 'dashboard/index',
    redirect: '',
    meta: { title: 'route.dashboard', icon: 'dashboard', hidden: false, noCache: false, affix: true },
    parentPath: null,
    ancestors: [],
  };
  return [dashboard, ...routes];
}

/** The registered route a pathname belongs to (exact paths first, then patterns with params). */
export function matchRoute(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    routes.find((r) => r.path === clean) ??
    routes.find((r) => r.path.includes(':') && matchPath({ path: r.path, end: true }, clean) !== null)
  );
}
