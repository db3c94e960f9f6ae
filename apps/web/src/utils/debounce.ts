import { BUTTON_DEBOUNCE_MS } from '../config/constants';

/**
 * Button debounce (SPEC §9: 800 ms by default; debounce, throttle or leading-edge):
 * - `debounce`: runs once, `wait` ms after the last click;
 * - `throttle`: runs at once, then at most once per `wait` ms however fast the clicks come;
 * - `leading`: runs at once, and ignores further clicks until `wait` ms pass without one.
 */
export type DebounceMode = 'debounce' | 'throttle' | 'leading';

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel: () => void;
}

export function debounced<A extends unknown[]>(fn: (...args: A) => void, mode: DebounceMode = 'leading', wait = BUTTON_DEBOUNCE_MS): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = -Infinity;
  const call = (...args: A) => {
    if (mode === 'debounce') {
      clearTimeout(timer);
      timer = setTimeout(() => fn(...args), wait);
      return;
    }
    const now = Date.now();
    const quiet = now - last >= wait;
    if (mode === 'throttle') {
      if (quiet) {
        last = now;
        fn(...args);
      }
      return;
    }
    // leading: every click restarts the quiet period, so a burst of clicks runs once.
    last = now;
    if (timer === undefined) fn(...args);
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
    }, wait);
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return call;
}
