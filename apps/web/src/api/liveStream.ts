import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { FAMILY_RESOURCE_KEYS, STREAM_LISTS, STREAM_PATH, TOKEN_COOKIE, type Page, type StreamMessage } from '@gx/contract';
import { getCookie } from '../utils/cookie';
import { useAppStore } from '../store/app';
import { queryClient } from './queryClient';
import { queryKeys } from './queries';
import type { Row } from './resource';

/** Waits between reconnects after the stream broke, growing to the last value. */
const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];
/** Bursts of command and event messages refresh their lists once. */
const REFRESH_DEBOUNCE_MS = 500;
/** New telemetry refreshes the family pages (key figures, family tab, charts) at most this often. */
export const TELEMETRY_REFRESH_MS = 3000;
/** The dashboard's figures are counted again at most this often while messages that change them arrive. */
export const DASHBOARD_REFRESH_MS = 2000;
/** The big screens' summaries (`['screen', kind]`): device, telemetry and event messages make them stale (and /largechat's, work orders and suggestions). */
export const SCREEN_QUERY_KEY = 'screen';
/** A busy fleet refreshes a big screen's summary at most this often. */
export const SCREEN_REFRESH_MS = 2000;
/** Every device list: *All devices* and each family page's. */
const DEVICE_LIST_KEYS = [STREAM_LISTS.device, ...FAMILY_RESOURCE_KEYS];

/** Parses Server-Sent Events from text chunks: `data:` lines, a blank line ends a message. */
export function sseParser(onMessage: (data: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = block.split(/\r?\n/).filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
      if (data) onMessage(data);
    }
  };
}

/** Applies one stream message to the query caches the pages read. */
export function applyStreamMessage(client: QueryClient, msg: StreamMessage, later: (key: string, waitMs?: number) => void): void {
  // Presence, command and campaign news re-reads the dashboard's summary when it is shown (throttled).
  const counted = msg.type === 'device' || msg.type === 'command' || msg.type === 'campaign' || msg.type === 'work_order' || msg.type === 'suggestion';
  if (counted && client.getQueryCache().findAll({ queryKey: queryKeys.dashboard }).length) {
    later(queryKeys.dashboard[0], DASHBOARD_REFRESH_MS);
  }
  const fleetScreen = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] === SCREEN_QUERY_KEY && q.queryKey[1] !== 'largechat';
  if ((msg.type === 'device' || msg.type === 'telemetry' || msg.type === 'event') && client.getQueryCache().findAll({ predicate: fleetScreen }).length) {
    later(SCREEN_QUERY_KEY, SCREEN_REFRESH_MS);
  }
  // /largechat shows arrivals at once (they are rare next to telemetry); only its own tab holds its summary.
  if ((msg.type === 'work_order' || msg.type === 'suggestion') && client.getQueryCache().findAll({ queryKey: [SCREEN_QUERY_KEY, 'largechat'] }).length) {
    later(SCREEN_QUERY_KEY);
  }
  switch (msg.type) {
    case 'device':
      // Every device list shows the new presence at once; details and the rest follow with a refetch.
      for (const key of DEVICE_LIST_KEYS) {
        const cached = client.getQueriesData<Page<Row>>({ queryKey: [key, 'list'] }).some(([, page]) => page?.list.some((r) => r.id === msg.id));
        if (!cached && key !== STREAM_LISTS.device) continue;
        client.setQueriesData<Page<Row>>({ queryKey: [key, 'list'] }, (page) => page && {
          ...page,
          list: page.list.map((r) => (r.id === msg.id ? { ...r, online: msg.online, ...(msg.online ? { online_at: msg.at } : { offline_at: msg.at }) } : r)),
        });
        later(key);
      }
      break;
    case 'telemetry':
      // The family pages' figures, family tabs and charts read the stored telemetry again.
      for (const key of FAMILY_RESOURCE_KEYS) if (client.getQueryCache().findAll({ queryKey: [key] }).length) later(key, TELEMETRY_REFRESH_MS);
      break;
    case 'command':
      later(STREAM_LISTS.command);
      // A campaign's devices are its upgrade commands: its list and details refresh with them.
      later(STREAM_LISTS.campaign);
      // A template's devices follow their config_push commands.
      for (const key of STREAM_LISTS.templates) later(key);
      // A scene shows its last run's state, which is its scene command's.
      later(STREAM_LISTS.scene);
      break;
    case 'campaign':
      later(STREAM_LISTS.campaign);
      break;
    case 'alarm':
      // The alarm lists and the active-alarm summary read again.
      later(STREAM_LISTS.alarm);
      break;
    case 'event':
      later(STREAM_LISTS.event);
      // A device confirming, refusing or changing its configuration moves its sync state (config_applied, …), shown on
      // the template's devices and in the device list.
      if (msg.code.startsWith('config_')) for (const key of [...STREAM_LISTS.templates, STREAM_LISTS.device]) later(key);
      break;
    case 'work_order':
      later(STREAM_LISTS.workOrder);
      break;
    case 'suggestion':
      later(STREAM_LISTS.suggestion);
      break;
    case 'unread':
      // The stream says the count on every (re)connect: the notifications are read again only when it moved.
      if (client.getQueryData<{ unread: number }>(queryKeys.informs)?.unread === msg.count) break;
      client.setQueryData<{ unread: number }>(queryKeys.informs, (old) => old && { ...old, unread: msg.count });
      later(queryKeys.informs.join('.'));
      break;
    case 'hello':
      break;
  }
}

/**
 * The console's one live stream (`GET /v3/stream`): read with fetch so the token travels in the Authorization
 * header, never in a URL. Device presence, command states, device events and the unread count land in the
 * TanStack Query caches, so every page showing them updates without a reload. Reconnects with back-off.
 */
export function openLiveStream(client: QueryClient, onConnected?: (connected: boolean) => void): () => void {
  const ctl = new AbortController();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const later = (key: string, waitMs = REFRESH_DEBOUNCE_MS) => {
    if (timers.has(key)) return;
    timers.set(key, setTimeout(() => {
      timers.delete(key);
      void client.invalidateQueries({ queryKey: key === queryKeys.informs.join('.') ? [...queryKeys.informs] : [key] });
    }, waitMs));
  };
  let attempt = 0;
  const connect = async (): Promise<void> => {
    while (!ctl.signal.aborted) {
      const token = getCookie(TOKEN_COOKIE);
      if (!token) return;
      try {
        const res = await fetch(STREAM_PATH, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', 'Accept-Language': useAppStore.getState().language },
          signal: ctl.signal,
          cache: 'no-store',
        });
        // Signed out or expired: the request wrapper handles the session; the stream stops.
        if (res.status === 401 || !res.body) return;
        attempt = 0;
        onConnected?.(true);
        const feed = sseParser((data) => {
          try {
            applyStreamMessage(client, JSON.parse(data) as StreamMessage, later);
          } catch {
            // A message this console does not understand is skipped.
          }
        });
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          feed(value);
        }
      } catch {
        if (ctl.signal.aborted) return;
      }
      onConnected?.(false);
      // Missed messages while away: refetch what the stream keeps current.
      for (const key of [...DEVICE_LIST_KEYS, STREAM_LISTS.command, STREAM_LISTS.event, queryKeys.dashboard[0], SCREEN_QUERY_KEY]) later(key);
      const wait = BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)];
      await new Promise((r) => setTimeout(r, wait));
    }
  };
  void connect();
  return () => {
    ctl.abort();
    for (const t of timers.values()) clearTimeout(t);
  };
}

/** Keeps the live stream open while the signed-in layout is shown. */
export function useLiveStream(): void {
  useEffect(() => openLiveStream(queryClient), []);
}
