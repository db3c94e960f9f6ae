import type { EChartsCoreOption } from 'echarts/core';

type Series = Record<string, unknown>;

/** A series drawn still: the rippling points as plain points, the flowing lines without the symbol that runs along them. */
function stillSeries(s: Series): Series {
  if (s.type === 'effectScatter') {
    const { rippleEffect: _ripple, showEffectOn: _on, ...rest } = s;
    return { ...rest, type: 'scatter' };
  }
  if (s.type === 'lines') return { ...s, effect: { ...(s.effect as object | undefined), show: false } };
  return s;
}

/**
 * A chart without motion, for a person whose system asks for less (WCAG 2.3.3, `prefers-reduced-motion`): no
 * transition when the data changes, and the effects that never stop — the SD-WAN screen's flowing lines and rippling
 * sites — drawn still. Marks, colours, labels and tooltips stay as they are.
 */
export function withoutMotion<T extends EChartsCoreOption>(option: T): T {
  const { series } = option as { series?: Series | Series[] };
  return {
    ...option,
    animation: false,
    ...(series === undefined ? {} : { series: Array.isArray(series) ? series.map(stillSeries) : stillSeries(series) }),
  };
}
