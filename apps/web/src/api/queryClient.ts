import { QueryClient } from '@tanstack/react-query';

/**
 * Server state cache for the console's pages. Failures are already reported by the request wrapper, so queries do
 * not retry behind the user's back nor refetch on every window focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
