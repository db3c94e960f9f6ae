import { useEffect, useMemo } from 'react';
import { TOKEN_COOKIE } from '@gx/contract';
import { useLocation } from 'react-router';
import { matchRoute } from '../../router/menuRoutes';
import type { AppRoute } from '../../router/types';
import { usePermissionStore } from '../../store/permission';
import { useTagsViewStore, type TagView } from '../../store/tagsView';
import { getCookie } from '../../utils/cookie';
import { isPersistSuppressed } from '../../utils/storage';
import { useCurrentRoute } from '../useCurrentRoute';

/** A tab for a route opened at `pathname` (which differs from the route's path when it has params). */
function toView(route: AppRoute, pathname: string, search: string): TagView {
  const { title, affix, noCache } = route.meta;
  return { path: pathname, fullPath: `${pathname}${search}`, name: route.name, title, affix, noCache };
}

/**
 * Keeps the tab list in step with navigation (SPEC §2 Tab strip): every page visited becomes a tab, affix tabs are
 * always present, tabs of routes the user lost are dropped, and the list is saved to session storage on unload.
 */
export function useVisitedViews(): void {
  const { pathname, search } = useLocation();
  const route = useCurrentRoute();
  const routes = usePermissionStore((s) => s.routes);

  const affix = useMemo(() => routes.filter((r) => r.meta.affix && !r.redirect).map((r) => toView(r, r.path, '')), [routes]);
  useEffect(() => {
    useTagsViewStore.getState().sync(affix, (path) => matchRoute(routes, path) !== undefined);
  }, [affix, routes]);

  useEffect(() => {
    if (route && !route.redirect) useTagsViewStore.getState().addView(toView(route, pathname, search));
  }, [route, pathname, search]);

  useEffect(() => {
    const save = () => {
      // After logout or an update the storage was cleared on purpose; a signed-out tab list is not worth keeping.
      if (!isPersistSuppressed() && getCookie(TOKEN_COOKIE)) useTagsViewStore.getState().persist();
    };
    window.addEventListener('beforeunload', save);
    return () => window.removeEventListener('beforeunload', save);
  }, []);
}
