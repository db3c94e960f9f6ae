import type { QueryClient } from '@tanstack/react-query';

/**
 * "Clear cache" of the user menu (SPEC §2): cached server answers and the browser storage the console wrote.
 * The session itself (token cookie) and the open tabs in memory stay.
 */
export function clearCache(queryClient: QueryClient): void {
  queryClient.clear();
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage unavailable: nothing was cached there.
  }
}
