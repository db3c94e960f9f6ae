import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounced } from './debounce';

describe('button debounce (SPEC §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('leading-edge runs the first click at once and ignores a burst', () => {
    const fn = vi.fn();
    const click = debounced(fn, 'leading', 800);
    click();
    click();
    vi.advanceTimersByTime(500);
    click();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(800);
    click();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('debounce runs once, 800 ms after the last click', () => {
    const fn = vi.fn();
    const click = debounced(fn, 'debounce');
    click(1);
    vi.advanceTimersByTime(700);
    click(2);
    vi.advanceTimersByTime(799);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('throttle runs at most once per period however fast the clicks come', () => {
    const fn = vi.fn();
    const click = debounced(fn, 'throttle', 800);
    for (let i = 0; i < 10; i += 1) {
      click();
      vi.advanceTimersByTime(200);
    }
    // 2 s of clicking: at 0, 800 and 1600 ms.
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('tells when the period in which clicks are held back starts and ends', () => {
    const quiet = vi.fn();
    const click = debounced(() => undefined, 'leading', 800, quiet);
    click();
    expect(quiet).toHaveBeenLastCalledWith(false);
    vi.advanceTimersByTime(500);
    click();
    vi.advanceTimersByTime(799);
    expect(quiet).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(quiet).toHaveBeenLastCalledWith(true);
    expect(quiet).toHaveBeenCalledTimes(2);
  });
});
