import { useEffect, useRef, useState } from 'react';

/** The element's current content width, following resizes (the table decides which columns fit). */
export function useWidth<T extends HTMLElement>(): [number, React.RefObject<T | null>] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [width, ref];
}
