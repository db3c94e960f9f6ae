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

/**
 * `onQuiet(false)` when a click starts a period in which further clicks would be held back or dropped, and
 * `onQuiet(true)` when it ends (the button shows it, so a browser test can wait for it instead of sleeping).
 */
export function debounced<A extends unknown[]>(
  fn: (...args: A) => void,
  mode: DebounceMode = 'leading',
  wait = BUTTON_DEBOUNCE_MS,
  onQuiet: (quiet: boolean) => void = () => undefined,
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = -Infinity;
  /** Ends the current period `wait` ms from now, after `then`. */
  const restart = (then: () => void) => {
    if (timer === undefined) onQuiet(false);
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      then();
      onQuiet(true);
    }, wait);
  };
  const call = (...args: A) => {
    if (mode === 'debounce') {
      restart(() => fn(...args));
      return;
    }
    const now = Date.now();
    const quiet = now - last >= wait;
    if (mode === 'throttle') {
      if (quiet) {
        last = now;
        fn(...args);
        // The next click counts from this one, however many come between.
        clearTimeout(timer);
        timer = undefined;
        restart(() => undefined);
      }
      return;
    }
    // leading: every click restarts the quiet period, so a burst of clicks runs once.
    last = now;
    if (timer === undefined) fn(...args);
    restart(() => undefined);
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return call;
}
