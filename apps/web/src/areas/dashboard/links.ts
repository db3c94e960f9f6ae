import { useCallback } from 'react';
import { allPages, pageNames } from '@gx/contract';
import { matchRoute } from '../../router/menuRoutes';
import { usePermissionStore } from '../../store/permission';

/** The console path of the page listing a resource (`device.binding` → `/equipment/device`). */
function listPathOf(resourceKey: string): string | undefined {
  const ref = allPages().find(({ page }) => page.resource === resourceKey);
  return ref ? pageNames(ref.area, ref.page).path : undefined;
}

/**
 * A link to a resource's list with its filters in the URL, as the list reads them (`<short key>.<field>=`), or
 * undefined when the user's menus do not open that page.
 */
export function useListLink(): (resourceKey: string, filters?: Record<string, string | number>) => string | undefined {
  const routes = usePermissionStore((s) => s.routes);
  return useCallback((resourceKey, filters = {}) => {
    const path = listPathOf(resourceKey);
    if (!path || !matchRoute(routes, path)) return undefined;
    const prefix = `${resourceKey.split('.').pop() ?? resourceKey}.`;
    const query = new URLSearchParams(Object.entries(filters).map(([k, v]) => [prefix + k, String(v)])).toString();
    return query ? `${path}?${query}` : path;
  }, [routes]);
}
