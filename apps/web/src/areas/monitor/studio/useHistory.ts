import { useCallback, useRef, useState } from 'react';

interface History<T> { past: T[]; present: T; future: T[] }

const LIMIT = 100;

/**
 * Undo/redo over whole values. `change` is one step; a drag calls `begin`, then `live` on every move (no step), then
 * `end`, so a drag undoes in one step however many moves it took.
 */
export function useHistory<T>(initial: T) {
  const [h, setH] = useState<History<T>>({ past: [], present: initial, future: [] });
  const started = useRef<T | null>(null);
  const change = useCallback((fn: (v: T) => T) => setH((s) => {
    const next = fn(s.present);
    return next === s.present ? s : { past: [...s.past, s.present].slice(-LIMIT), present: next, future: [] };
  }), []);
  const live = useCallback((fn: (v: T) => T) => setH((s) => ({ ...s, present: fn(s.present) })), []);
  const present = useRef(h.present);
  present.current = h.present;
  const begin = useCallback(() => {
    started.current = present.current;
  }, []);
  const end = useCallback(() => {
    const from = started.current;
    started.current = null;
    setH((s) => (from === null || from === s.present ? s : { past: [...s.past, from].slice(-LIMIT), present: s.present, future: [] }));
  }, []);
  const undo = useCallback(() => setH((s) => (s.past.length ? { past: s.past.slice(0, -1), present: s.past[s.past.length - 1]!, future: [s.present, ...s.future] } : s)), []);
  const redo = useCallback(() => setH((s) => (s.future.length ? { past: [...s.past, s.present], present: s.future[0]!, future: s.future.slice(1) } : s)), []);
  const reset = useCallback((v: T) => setH({ past: [], present: v, future: [] }), []);
  return { value: h.present, canUndo: h.past.length > 0, canRedo: h.future.length > 0, change, live, begin, end, undo, redo, reset };
}
