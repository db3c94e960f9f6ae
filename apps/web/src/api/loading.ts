/**
 * Count of requests that want the loading overlay. A tiny external store read with useSyncExternalStore, so the
 * overlay re-renders without the request wrapper knowing about React.
 */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export const loadingStore = {
  begin(): void {
    pending += 1;
    emit();
  },
  end(): void {
    pending = Math.max(0, pending - 1);
    emit();
  },
  count(): number {
    return pending;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
