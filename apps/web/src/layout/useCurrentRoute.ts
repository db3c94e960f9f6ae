import { useLocation } from 'react-router';
import { matchRoute } from '../router/menuRoutes';
import type { AppRoute } from '../router/types';
import { usePermissionStore } from '../store/permission';

/** The registered route of the current location, if any. */
export function useCurrentRoute(): AppRoute | undefined {
  const { pathname } = useLocation();
  const routes = usePermissionStore((s) => s.routes);
  return matchRoute(routes, pathname);
}
