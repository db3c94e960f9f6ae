import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useAppStore } from '../../store/app';
import { usePrefersReducedMotion } from '../usePrefersReducedMotion';
import { drawInContainerFont } from './chartFonts';

// Only what the console's charts draw (lines, bars): this module, and ECharts with it, loads with the pages that chart.
echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = Parameters<echarts.ECharts['setOption']>[0];

/** One ECharts instance on a div, re-created when the theme changes (ECharts themes are fixed at init). */
export function EChart({ option, testId }: { option: ChartOption; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const theme = useAppStore((s) => s.theme);
  const chart = useRef<echarts.ECharts | null>(null);
  const still = usePrefersReducedMotion();
  useEffect(() => {
    if (!ref.current) return undefined;
    const c = echarts.init(ref.current, theme === 'dark' ? 'dark' : undefined);
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [theme]);
  useEffect(() => {
    const c = chart.current;
    const el = ref.current;
    if (!c || !el) return undefined;
    return drawInContainerFont(c, el, option, { still });
  }, [option, theme, still]);
  return <div ref={ref} className="gx-chart" data-testid={testId} data-theme={theme} style={{ height: 300, width: '100%' }} />;
}
