import type { EChartsCoreOption } from 'echarts/core';
import { withoutMotion } from './withoutMotion';

/**
 * Canvas text takes no part in the page's font loading: ECharts draws with the family it is given, and a Chinese
 * label drawn before its font's faces arrived stays in boxes (a machine without Chinese fonts gets the console's own,
 * after the first render: styles/cjkFont.ts). So a chart draws with its container's font, asks for the faces its
 * text needs, and draws again each time faces finish loading — on a machine with Chinese fonts nothing loads and
 * nothing is redrawn.
 */

/** The chart's text in its container's font (the page's `--gx-font`, a screen's stage font). */
export function chartFontFamily(el: HTMLElement): string {
  return getComputedStyle(el).fontFamily;
}

/** Asks for the faces `text` needs and calls `redraw` (once a frame) whenever faces finish loading; answers the stop. */
export function redrawWhenFontsLoad(el: HTMLElement, text: string, redraw: () => void): () => void {
  if (!('fonts' in document)) return () => undefined;
  const font = `16px ${chartFontFamily(el)}`;
  const ask = () => { void document.fonts.load(font, text).catch(() => undefined); };
  let frame = 0;
  const loaded = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(redraw);
    // Faces declared since (the font's sheet arrives after the first render) are asked for too.
    ask();
  };
  ask();
  document.fonts.addEventListener('loadingdone', loaded);
  return () => {
    cancelAnimationFrame(frame);
    document.fonts.removeEventListener('loadingdone', loaded);
  };
}

/** The text an option can draw (titles, names, categories, labels), for `redrawWhenFontsLoad`. */
export function optionText(option: unknown): string {
  try {
    return JSON.stringify(option) ?? '';
  } catch {
    return '';
  }
}

/**
 * Draws `option` on `chart` (replacing the last; transparent background; still when `still`) in its container's font,
 * and again whenever faces its text needs finish loading (the console's charts and the big screens alike); answers the
 * stop. `textStyle` is the chart's own default (a screen's larger type), under the option's.
 */
export function drawInContainerFont(
  chart: { setOption(option: EChartsCoreOption, notMerge: boolean): void },
  el: HTMLElement,
  option: EChartsCoreOption,
  { still, textStyle = {} }: { still: boolean; textStyle?: Record<string, unknown> },
): () => void {
  const full = { backgroundColor: 'transparent', textStyle: { ...textStyle, fontFamily: chartFontFamily(el) }, ...option };
  const draw = () => chart.setOption(still ? withoutMotion(full) : full, true);
  draw();
  return redrawWhenFontsLoad(el, optionText(option), draw);
}
