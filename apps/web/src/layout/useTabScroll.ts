import { useEffect, useLayoutEffect, useRef } from 'react';

/** What a person does to scroll; any of them ends the putting back of a remembered position. */
const PERSON_SCROLLS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
/** How long a page shown again may take to reach its height before its position is given up. */
const RESTORE_MS = 10_000;

/**
 * Each tab keeps its scroll position (SPEC §2: tabs keep their page alive). The window scrolls for every page, so the
 * position is remembered per path and put back when a kept-alive page shows again; other pages start at the top.
 */
export function useTabScroll(pathname: string, keptAlive: boolean): void {
  const positions = useRef(new Map<string, number>());
  const current = useRef(pathname);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  // The page being left keeps the position it has now, read while rendering the change of tab: React has not swapped
  // the pages yet, so the window still shows it. Scroll events are no guide: the swap makes the window clamp and
  // scroll, and those events arrive after the swap, under the new page's name.
  if (current.current !== pathname) positions.current.set(current.current, window.scrollY);

  useLayoutEffect(() => {
    if (current.current === pathname) return;
    current.current = pathname;
    const target = keptAlive ? (positions.current.get(pathname) ?? 0) : 0;
    window.scrollTo(0, target);
    if (window.scrollY === target) return;
    // A page shown again may not have its full height yet (the window then clamps the scroll), and on a busy machine
    // it can take long to get it: put the position back on every frame until it holds, the person scrolls, the tab
    // changes, or RESTORE_MS have passed.
    const until = performance.now() + RESTORE_MS;
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const e of PERSON_SCROLLS) window.removeEventListener(e, stop);
    };
    const retry = () => {
      window.scrollTo(0, target);
      if (window.scrollY === target || performance.now() > until) stop();
      else frame = requestAnimationFrame(retry);
    };
    for (const e of PERSON_SCROLLS) window.addEventListener(e, stop, { passive: true });
    frame = requestAnimationFrame(retry);
    return stop;
    // Only a change of tab moves the window; re-renders of the same page do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
