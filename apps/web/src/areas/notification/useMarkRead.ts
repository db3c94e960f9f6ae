import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { InboxInform } from '@gx/contract';
import { markInformRead } from './api/notification';
import { queryKeys } from '../../api/queries';

/**
 * Marks a notification read (SPEC §4: 0 → 1, never back; the unread count drops by one). The cached list changes at
 * once; the server's answer then sets the exact count.
 */
export function useMarkRead(): (id: number) => void {
  const queryClient = useQueryClient();
  return useCallback((id: number) => {
    const cached = queryClient.getQueryData<InboxInform>(queryKeys.informs);
    const item = cached?.inform.find((n) => n.id === id);
    if (!cached || !item || item.status === 1) return;
    const update = (unread: number) =>
      queryClient.setQueryData<InboxInform>(queryKeys.informs, (d) =>
        d ? { unread, inform: d.inform.map((n) => (n.id === id ? { ...n, status: 1 as const } : n)) } : d,
      );
    update(Math.max(0, cached.unread - 1));
    markInformRead(id).then(
      (r) => update(r.unread),
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.informs }),
    );
  }, [queryClient]);
}
