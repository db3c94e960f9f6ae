import { useEffect, useState, type ReactNode } from 'react';
import './screens.css';

export const STAGE_W = 1920;
export const STAGE_H = 1080;

/** The scale that fits the 1920×1080 stage into a window: `min(w/1920, h/1080)`. */
export function stageScale(w: number, h: number): number {
  return Math.max(0.05, Math.min(w / STAGE_W, h / STAGE_H));
}

function useWindowScale(): number {
  const [scale, setScale] = useState(() => stageScale(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const on = () => setScale(stageScale(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return scale;
}

/**
 * A big screen's stage: designed at 1920×1080, scaled to fit the window and centred, the rest letterboxed in the
 * backdrop colour. Nothing scrolls; `tv` hides the pointer (a TV has no controls).
 */
export function Stage({ children, testId, tv = false }: { children: ReactNode; testId: string; tv?: boolean }) {
  const scale = useWindowScale();
  useEffect(() => {
    document.documentElement.classList.add('gx-screen-doc');
    return () => document.documentElement.classList.remove('gx-screen-doc');
  }, []);
  return (
    <div className={`gx-screen-backdrop${tv ? ' gx-screen-tv' : ''}`}>
      <div
        className="gx-screen-stage"
        data-testid={testId}
        data-scale={scale.toFixed(4)}
        style={{
          width: STAGE_W, height: STAGE_H,
          transform: `translate(-50%, -50%) scale(${scale})`,
        }}
      >
        {children}
      </div>
    </div>
  );
}

/** A titled panel of a screen, placed absolutely on the stage (x, y, w, h in stage pixels). */
export function Panel({ title, box, children, testId, extra }: {
  title: string; box: [number, number, number, number]; children: ReactNode; testId: string; extra?: ReactNode;
}) {
  const [x, y, w, h] = box;
  return (
    <section className="gx-screen-panel" data-panel={testId} data-testid={testId} style={{ left: x, top: y, width: w, height: h }} aria-label={title}>
      <header className="gx-screen-panel-title"><h2>{title}</h2>{extra}</header>
      <div className="gx-screen-panel-body">{children}</div>
    </section>
  );
}
