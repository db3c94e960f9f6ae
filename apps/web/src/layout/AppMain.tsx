import { Activity, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { RouteProgress } from '../components/RouteProgress';
import { matchRoute } from '../router/menuRoutes';
import { resolvePage } from '../router/pageRegistry';
import { PageRouteContext } from '../router/PageRouteContext';
import type { AppRoute } from '../router/types';
import { usePermissionStore } from '../store/permission';
import { useTagsViewStore } from '../store/tagsView';
import { useCurrentRoute } from './useCurrentRoute';
import { useTabScroll } from './useTabScroll';

function PageHost({ route }: { route: AppRoute }) {
  const Page = resolvePage(route.component);
  return (
    <PageRouteContext value={route}>
      <PageErrorBoundary>
        <Suspense fallback={<RouteProgress />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    </PageRouteContext>
  );
}

/**
 * The main area. Pages of visited tabs stay mounted behind `<Activity mode="hidden">` (state kept, effects paused),
 * keyed by path and refresh generation; `noCache` routes mount only while shown (SPEC §2, DESIGN §5).
 */
export function AppMain() {
  const { pathname } = useLocation();
  const current = useCurrentRoute();
  const routes = usePermissionStore((s) => s.routes);
  const cached = useTagsViewStore((s) => s.cachedViews);
  const generations = useTagsViewStore((s) => s.generations);

  const showsPage = current !== undefined && !current.redirect;
  const kept = showsPage && !current.meta.noCache && !cached.includes(pathname) ? [...cached, pathname] : cached;
  const keyOf = (path: string) => `${path}#${generations[path] ?? 0}`;
  useTabScroll(pathname, showsPage && !current.meta.noCache && cached.includes(pathname));

  return (
    <main className="gx-app-main" data-testid="app-main">
      <Outlet />
      {kept.map((path) => {
        const route = matchRoute(routes, path);
        if (!route || route.redirect) return null;
        return (
          <Activity key={keyOf(path)} mode={path === pathname ? 'visible' : 'hidden'}>
            <PageHost route={route} />
          </Activity>
        );
      })}
      {showsPage && current.meta.noCache && <PageHost key={keyOf(pathname)} route={current} />}
    </main>
  );
}
