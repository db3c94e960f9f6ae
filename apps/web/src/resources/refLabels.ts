import { useQueries } from '@tanstack/react-query';
import { BULK_MAX, resourceByKey } from '@gx/contract';
import { resourceClient } from '../api/resource';
import { refLabelText } from './refLabelText';
import { useLang } from './useLang';
import { useTranslate } from './useTranslate';

/**
 * Labels of referenced rows (a user's roles, a button's menu), for cells and pickers. Every label wanted while one
 * page renders is fetched in one `select` call per referenced resource (ids → labels), not one call per cell.
 */

interface Pending {
  ids: Set<number>;
  waiters: Map<number, { resolve: (label: string) => void; reject: (e: unknown) => void }[]>;
}

const pending = new Map<string, Pending>();

async function flush(resourceKey: string): Promise<void> {
  const batch = pending.get(resourceKey);
  pending.delete(resourceKey);
  if (!batch) return;
  const decl = resourceByKey(resourceKey);
  const ids = [...batch.ids];
  const found = new Map<number, string>();
  let failure: unknown;
  if (decl?.picker) {
    const client = resourceClient(decl.path);
    for (let i = 0; i < ids.length; i += BULK_MAX) {
      try {
        const answer = await client.select({ ids: ids.slice(i, i + BULK_MAX) });
        for (const o of answer.list) found.set(o.value, o.label);
      } catch (e) {
        failure = e;
      }
    }
  }
  for (const [id, waiters] of batch.waiters) {
    const label = found.get(id);
    for (const w of waiters) {
      if (label !== undefined) w.resolve(label);
      // A row the caller may not see (or a resource without picker) shows its id instead.
      else if (failure !== undefined) w.reject(failure);
      else w.resolve(`#${id}`);
    }
  }
}

export function loadRefLabel(resourceKey: string, id: number): Promise<string> {
  let batch = pending.get(resourceKey);
  if (!batch) {
    batch = { ids: new Set(), waiters: new Map() };
    pending.set(resourceKey, batch);
    setTimeout(() => void flush(resourceKey), 0);
  }
  batch.ids.add(id);
  return new Promise((resolve, reject) => {
    const list = batch.waiters.get(id) ?? [];
    list.push({ resolve, reject });
    batch.waiters.set(id, list);
  });
}

export const refLabelKey = (resourceKey: string, id?: number) => (id === undefined ? ['ref', resourceKey] : ['ref', resourceKey, id]);

/**
 * Labels of the given ids of a resource, in the console language; ids still loading (or not readable) read
 * `#<id>`.
 */
export function useRefLabels(resourceKey: string | undefined, ids: readonly number[]): Map<number, string> {
  const lang = useLang();
  const translate = useTranslate();
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: refLabelKey(resourceKey ?? '', id),
      queryFn: () => loadRefLabel(resourceKey ?? '', id),
      enabled: resourceKey !== undefined,
      staleTime: 60_000,
    })),
  });
  const out = new Map<number, string>();
  ids.forEach((id, i) => {
    const label = results[i]?.data;
    out.set(id, label === undefined ? `#${id}` : refLabelText(label, lang, translate));
  });
  return out;
}
