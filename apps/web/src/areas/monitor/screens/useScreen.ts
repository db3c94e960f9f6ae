import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Code, SCREEN_SUMMARY_PATH, type ScreenKind } from '@gx/contract';
import { ApiError } from '../../../api/errors';
import { SCREEN_QUERY_KEY, openLiveStream } from '../../../api/liveStream';
import { queryClient } from '../../../api/queryClient';
import { requestData } from '../../../api/request';

/** After a failed summary call (server restarting) the screen asks again this often until it answers. */
const RETRY_MS = 5000;

/**
 * A screen's data: one summary call, then the live stream (device presence, telemetry, events) marks it stale and
 * it is fetched again; no polling. `connected` is the stream's state (a TV shows it while reconnecting).
 */
export function useScreen<T>(kind: ScreenKind) {
  const [connected, setConnected] = useState(true);
  useEffect(() => openLiveStream(queryClient, setConnected), []);
  const query = useQuery({
    queryKey: [SCREEN_QUERY_KEY, kind],
    queryFn: () => requestData<T>(SCREEN_SUMMARY_PATH, { method: kind }, { loading: false, silent: true }),
    staleTime: Infinity,
    // A server that restarts answers again shortly; a refusal (no permission) will not change by asking again.
    retry: (_n, err) => !(err instanceof ApiError),
    retryDelay: RETRY_MS,
  });
  const forbidden = query.error instanceof ApiError && query.error.code === Code.FORBIDDEN;
  return { data: query.data, failed: query.isError && !query.data, forbidden, connected, updatedAt: query.dataUpdatedAt };
}

/** The wall clock, ticking each second. */
export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}
