import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Code, SCREEN_LINK_REFRESH_MS, SCREEN_LINK_SUMMARY_PATH, SCREEN_SUMMARY_PATH, type ScreenKind } from '@gx/contract';
import { ApiError } from '../../../api/errors';
import { SCREEN_QUERY_KEY, openLiveStream } from '../../../api/liveStream';
import { queryClient } from '../../../api/queryClient';
import { requestData } from '../../../api/request';

/** After a failed summary call (server restarting) the screen asks again this often until it answers. */
const RETRY_MS = 5000;

/** The display link a screen was opened with (`?key=`), if any. */
export function useScreenKey(): string | null {
  const [params] = useSearchParams();
  return params.get('key');
}

/**
 * A screen's data: one summary call, then the live stream (device presence, telemetry, events) marks it stale and
 * it is fetched again; no polling. Opened with a display link (`?key=`, no session on the display) it asks through
 * the link every SCREEN_LINK_REFRESH_MS instead, and a revoked or expired link clears the screen. `connected` is the
 * stream's state, or whether the last call through the link answered (a TV shows it while reconnecting); `refreshSeconds`
 * how often a link's screen asks (null when the stream pushes changes: the header says "live" only then); `refusal`
 * the message key of a refusal that asking again will not change.
 */
export function useScreen<T>(kind: ScreenKind) {
  const key = useScreenKey();
  const [connected, setConnected] = useState(true);
  useEffect(() => (key ? undefined : openLiveStream(queryClient, setConnected)), [key]);
  const query = useQuery({
    queryKey: [SCREEN_QUERY_KEY, kind, key ?? ''],
    queryFn: () => (key
      ? requestData<T>(SCREEN_LINK_SUMMARY_PATH, { method: kind, key }, { loading: false, silent: true })
      : requestData<T>(SCREEN_SUMMARY_PATH, { method: kind }, { loading: false, silent: true })),
    staleTime: Infinity,
    refetchInterval: key ? SCREEN_LINK_REFRESH_MS : false,
    refetchIntervalInBackground: true,
    // A server that restarts answers again shortly; a refusal (no permission, a revoked link) will not change by asking again.
    retry: (_n, err) => !(err instanceof ApiError),
    retryDelay: RETRY_MS,
  });
  const code = query.error instanceof ApiError ? query.error.code : null;
  const refusal = code === Code.FORBIDDEN ? 'screens.forbidden' : key && code === Code.NOT_FOUND ? 'screens.linkInvalid' : null;
  return {
    data: refusal ? undefined : query.data,
    failed: query.isError && !query.data,
    refusal,
    connected: key ? !query.isError : connected,
    refreshSeconds: key ? SCREEN_LINK_REFRESH_MS / 1000 : null,
    updatedAt: query.dataUpdatedAt,
  };
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
