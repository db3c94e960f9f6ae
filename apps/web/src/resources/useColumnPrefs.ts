import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { columnPrefsKey, DENSITIES, type ColumnPrefs, type Density, type Preferences, type ResourceDecl } from '@gx/contract';
import { fetchPreferences, savePreference } from '../api/preferences';
import { useUserStore } from '../store/user';

export type { ColumnPrefs, Density };

/** The server's copy of the user's preferences, one cache entry per user. */
const preferencesQuery = (userId: number | undefined) => ['preferences', userId ?? 0] as const;

function storageKey(userId: number | undefined, decl: ResourceDecl): string {
  return `gx-columns:${userId ?? 0}:${decl.key}`;
}

function defaults(decl: ResourceDecl): ColumnPrefs {
  return { shown: null, order: decl.list.columns.map((c) => c.field), density: 'middle' };
}

/** Stored settings made to fit the declaration as it is now: unknown columns dropped, new ones appended. */
function fitted(raw: unknown, decl: ResourceDecl): ColumnPrefs {
  const base = defaults(decl);
  if (!raw || typeof raw !== 'object') return base;
  const r = raw as Partial<ColumnPrefs>;
  const known = new Set(base.order);
  const order = Array.isArray(r.order) ? r.order.filter((f) => known.has(f)) : [];
  for (const f of base.order) if (!order.includes(f)) order.push(f);
  const shown = Array.isArray(r.shown) ? r.shown.filter((f) => known.has(f)) : null;
  const density = DENSITIES.includes(r.density as Density) ? (r.density as Density) : base.density;
  return { shown, order, density };
}

function readLocal(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function writeLocal(key: string, value: ColumnPrefs | null): void {
  try {
    if (value) localStorage.setItem(key, JSON.stringify(value));
    else localStorage.removeItem(key);
  } catch {
    // Storage unavailable: the server's copy is enough.
  }
}

/**
 * A user's column settings of one list — which columns show, their order, the row density — kept on the server
 * per user and resource, so they follow the user to another browser; this browser's copy only paints the list
 * before the server answers. `shown` null means "as many as fit, by the declaration's priorities".
 */
export function useColumnPrefs(decl: ResourceDecl): [ColumnPrefs, (next: ColumnPrefs | null) => void] {
  const userId = useUserStore((s) => s.info?.id);
  const queryClient = useQueryClient();
  const local = storageKey(userId, decl);
  const prefKey = columnPrefsKey(decl.key);
  const server = useQuery({ queryKey: preferencesQuery(userId), queryFn: fetchPreferences, enabled: userId !== undefined, staleTime: Infinity });
  const [cached, setCached] = useState<{ key: string; raw: unknown }>(() => ({ key: local, raw: readLocal(local) }));
  const stored: unknown = server.data ? (server.data[prefKey] ?? null) : cached.key === local ? cached.raw : readLocal(local);
  const prefs = useMemo(() => fitted(stored, decl), [stored, decl]);

  // The server's word, once it has answered, becomes this browser's copy.
  const serverValue = server.data ? (server.data[prefKey] ?? null) : undefined;
  useEffect(() => {
    if (serverValue !== undefined) writeLocal(local, serverValue);
  }, [local, serverValue]);

  const save = useCallback((next: ColumnPrefs | null) => {
    writeLocal(local, next);
    setCached({ key: local, raw: next });
    queryClient.setQueryData<Preferences>(preferencesQuery(userId), (old) => {
      const out = { ...old };
      if (next) out[prefKey] = next;
      else delete out[prefKey];
      return out;
    });
    // A failure is reported by the request wrapper; the setting still holds in this browser.
    savePreference(prefKey, next).catch(() => undefined);
  }, [local, prefKey, queryClient, userId]);
  return [prefs, save];
}
