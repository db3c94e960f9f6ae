import { useState, type KeyboardEvent } from 'react';

/** Tracks Caps Lock from key events on the password field, for the hint shown beside it. */
export function useCapsLock() {
  const [on, setOn] = useState(false);
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (typeof e.getModifierState === 'function') setOn(e.getModifierState('CapsLock'));
  };
  return { capsLock: on, onKey, reset: () => setOn(false) };
}
