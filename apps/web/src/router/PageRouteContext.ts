import { createContext, useContext } from 'react';
import type { AppRoute } from './types';

/**
 * The route a page was opened for. Kept-alive pages stay mounted while another tab shows, so a page reads its own
 * route here rather than from the current location.
 */
export const PageRouteContext = createContext<AppRoute | null>(null);

export function usePageRoute(): AppRoute | null {
  return useContext(PageRouteContext);
}
