import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Each tab keeps its scroll position (SPEC §2: tabs keep their page alive). The window scrolls for every page, so the
 * position is remembered per path and put back when a kept-alive page shows again; other pages start at the top.
 */
export function useTabScroll(pathname: string, keptAlive: boolean): void {
  const positions = useRef(new Map<string, number>());
  const current = useRef(pathname);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const remember = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    if (current.current === pathname) return;
    current.current = pathname;
    window.scrollTo(0, keptAlive ? (positions.current.get(pathname) ?? 0) : 0);
    // Only a change of tab moves the window; re-renders of the same page do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
