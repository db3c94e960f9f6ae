import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const current = () => window.matchMedia(QUERY).matches;

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3). The console then turns antd's zoom, slide and
 * wave effects off: dialogs and menus appear where they will stay, at once.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
