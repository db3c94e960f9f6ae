import { useEffect, useState, type ReactNode } from 'react';

/**
 * Shows `fallback` until the frame drawn with it has been painted, then `children`: a heavy lazy part (a chart and
 * its library) starts loading only after the figures beside it are on screen, so it never delays them.
 */
export function AfterPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let task: ReturnType<typeof setTimeout> | undefined;
    // The task queued from the next frame runs after that frame's paint.
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, []);
  return painted ? children : fallback;
}
