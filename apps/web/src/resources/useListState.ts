import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ResourceDecl } from '@gx/contract';
import { latestSearchParams } from '../router/latestLocation';
import { INITIAL_LIST_STATE, readListState, writeListState, type ListState } from './listState';

/**
 * A list's filters, page, size and sort: in the URL for a page's own lists, in memory for a list embedded in a
 * drawer (a members tab), whose state would otherwise leak into the page behind it.
 */
export function useListState(decl: ResourceDecl, inUrl: boolean): [ListState, (next: Partial<ListState>) => void] {
  const [params, setParams] = useSearchParams();
  const [memory, setMemory] = useState<ListState>(INITIAL_LIST_STATE);
  const fromUrl = useMemo(() => readListState(decl, params), [decl, params]);
  const state = inUrl ? fromUrl : memory;
  const update = useCallback((next: Partial<ListState>) => {
    if (!inUrl) {
      setMemory((s) => ({ ...s, ...next }));
      return;
    }
    setParams(() => {
      const current = latestSearchParams();
      return writeListState(decl, current, { ...readListState(decl, current), ...next });
    }, { replace: false });
  }, [decl, inUrl, setParams]);
  return [state, update];
}
