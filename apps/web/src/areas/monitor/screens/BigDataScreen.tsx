import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { DEVICE_FAMILY_LABELS, provinceOf, type BigScreenSummary, type Lang, type ScreenEventRow } from '@gx/contract';
import { useAppStore } from '../../../store/app';
import { CHINA_MAP, loadProvinceMap, provinceMapName, ScreenChart, useChinaMap, type ScreenOption } from './charts';
import { featureOfCity, PROVINCE_CITY_MAPS } from './provinceMaps';
import { ScreenHeader } from './ScreenHeader';
import { Panel, Stage } from './Stage';
import { useScreen } from './useScreen';

const AXIS = { axisLabel: { fontSize: 18, color: '#b9d4f5' }, axisLine: { lineStyle: { color: '#3a5a85' } }, splitLine: { lineStyle: { color: 'rgba(86,170,255,0.15)' } } };
const LEVEL_COLOUR = { info: '#4d9bff', warn: '#ffb020', error: '#ff5c5c' } as const;
/** Rows the event panel shows at once; more scroll by. */
const TICKER_ROWS = 10;

const mbps = (bps: number) => Math.round(bps / 1e4) / 100;
const provinceLabel = (name: string, lang: Lang) => (lang === 'en' ? provinceOf(name)?.en ?? name : name);

/**
 * `/screenhome` (and, with `tv`, `/tvscreenhome`): the organisation's fleet on a 1920×1080 stage — totals, a map of
 * China with devices per province, online by family, the 24-hour online trend, live traffic, the day's top alarms
 * and a scrolling table of the latest events. A TV shows the same without any control or tooltip.
 */
export function BigDataScreen({ tv = false }: { tv?: boolean }) {
  const { t } = useTranslation();
  const lang = useAppStore((s) => s.language);
  const { data, failed, refusal, connected, refreshSeconds, updatedAt } = useScreen<BigScreenSummary>(tv ? 'tv' : 'bigdata');
  const mapReady = useChinaMap();
  // The map's drill-down: a province opened to its cities (by a click on it or the region choice; not on a TV).
  const [province, setProvince] = useState<string | null>(null);
  const [cityFeatures, setCityFeatures] = useState<{ province: string; names: string[] } | null>(null);
  useEffect(() => {
    if (!province) return undefined;
    let live = true;
    loadProvinceMap(province).then((names) => { if (live) setCityFeatures({ province, names }); }, () => { if (live) setProvince(null); });
    return () => { live = false; };
  }, [province]);
  const openProvince = useCallback((name: string) => { if (PROVINCE_CITY_MAPS[name]) setProvince(name); }, []);
  const drilled = province && cityFeatures?.province === province ? cityFeatures : null;

  /** The opened province's devices per city of its map, and those whose city the map does not know. */
  const cityData = useMemo(() => {
    if (!data || !drilled) return null;
    const byFeature = new Map<string, { value: number; online: number }>();
    let offMap = 0;
    const inProvince = data.cities.filter((c) => c.province === drilled.province);
    for (const c of inProvince) {
      const feature = featureOfCity(c.city, drilled.names);
      if (!feature) { offMap += c.total; continue; }
      const sum = byFeature.get(feature) ?? { value: 0, online: 0 };
      sum.value += c.total;
      sum.online += c.online;
      byFeature.set(feature, sum);
    }
    const provinceTotal = data.provinces.find((p) => p.province === drilled.province)?.total ?? 0;
    const withCity = inProvince.reduce((a, c) => a + c.total, 0);
    const list = [...byFeature].map(([name, v]) => ({ name, ...v })).sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
    return { list, offMap: offMap + (provinceTotal - withCity) };
  }, [data, drilled]);

  const mapOption = useMemo<ScreenOption | null>(() => {
    if (!data || !mapReady) return null;
    if (province && !drilled) return null;
    const regions = cityData ? cityData.list : data.provinces.map((p) => ({ name: p.province, value: p.total, online: p.online }));
    const max = Math.max(1, ...regions.map((p) => p.value));
    const label = (name: string) => (cityData ? name : provinceLabel(name, lang));
    return {
      tooltip: tv ? { show: false } : {
        trigger: 'item',
        textStyle: { fontSize: 18 },
        formatter: (p: { name: string; data?: { value: number; online: number } }) =>
          `${label(p.name)}<br/>${t('screens.mapDevices')}: ${p.data?.value ?? 0}<br/>${t('screens.mapOnline')}: ${p.data?.online ?? 0}`,
      },
      visualMap: {
        min: 0, max, left: 10, bottom: 10, calculable: false, itemHeight: 140, textStyle: { color: '#b9d4f5', fontSize: 18 },
        inRange: { color: ['#123a6b', '#1f6fd1', '#35c3ff', '#7cf6ff'] },
      },
      series: [{
        type: 'map', map: drilled ? provinceMapName(drilled.province) : CHINA_MAP, roam: false, layoutCenter: ['50%', '52%'],
        layoutSize: drilled ? '95%' : '118%', selectedMode: false,
        itemStyle: { areaColor: '#0d2a52', borderColor: '#4d9bff', borderWidth: 1 },
        emphasis: { disabled: tv, label: { color: '#fff', fontSize: 18 }, itemStyle: { areaColor: '#ffb020' } },
        label: { show: Boolean(drilled), color: '#b9d4f5', fontSize: 14 },
        data: regions,
      }],
    } as ScreenOption;
  }, [data, mapReady, tv, lang, t, province, drilled, cityData]);

  const familiesOption = useMemo<ScreenOption | null>(() => !data ? null : {
    tooltip: tv ? { show: false } : { trigger: 'axis', textStyle: { fontSize: 18 } },
    grid: { left: 150, right: 30, top: 10, bottom: 30 },
    xAxis: { type: 'value', minInterval: 1, ...AXIS },
    yAxis: { type: 'category', data: data.families.map((f) => DEVICE_FAMILY_LABELS[f.family][lang]), ...AXIS },
    series: [
      { type: 'bar', name: t('screens.total'), data: data.families.map((f) => f.total), itemStyle: { color: '#1f4f8f' }, barGap: '-100%', barWidth: 14 },
      { type: 'bar', name: t('screens.online'), data: data.families.map((f) => f.online), itemStyle: { color: '#35c3ff' }, barWidth: 14 },
    ],
  }, [data, tv, lang, t]);

  const trendOption = useMemo<ScreenOption | null>(() => !data ? null : {
    tooltip: tv ? { show: false } : { trigger: 'axis', textStyle: { fontSize: 18 } },
    grid: { left: 60, right: 24, top: 20, bottom: 36 },
    xAxis: { type: 'category', boundaryGap: false, data: data.trend.map((p) => dayjs(p.hour).format('HH:00')), ...AXIS },
    yAxis: { type: 'value', minInterval: 1, ...AXIS },
    series: [{
      type: 'line', name: t('screens.online'), smooth: true, symbol: 'none', data: data.trend.map((p) => p.online),
      lineStyle: { width: 3, color: '#35c3ff' }, areaStyle: { color: 'rgba(53,195,255,0.25)' },
    }],
  }, [data, tv, t]);

  const trafficOption = useMemo<ScreenOption | null>(() => !data ? null : {
    tooltip: tv ? { show: false } : { trigger: 'axis', textStyle: { fontSize: 18 } },
    legend: { show: false },
    grid: { left: 150, right: 30, top: 10, bottom: 36 },
    xAxis: { type: 'value', name: 'Mbps', nameTextStyle: { color: '#b9d4f5', fontSize: 16 }, ...AXIS },
    yAxis: { type: 'category', data: data.traffic.map((f) => DEVICE_FAMILY_LABELS[f.family][lang]), ...AXIS },
    series: [
      { type: 'bar', name: t('screens.rx'), data: data.traffic.map((f) => mbps(f.rx_bps)), itemStyle: { color: '#3ddc84' }, barWidth: 12 },
      { type: 'bar', name: t('screens.tx'), data: data.traffic.map((f) => mbps(f.tx_bps)), itemStyle: { color: '#4d9bff' }, barWidth: 12 },
    ],
  }, [data, tv, lang, t]);

  const topOption = useMemo<ScreenOption | null>(() => !data ? null : {
    tooltip: tv ? { show: false } : { trigger: 'axis', textStyle: { fontSize: 18 } },
    grid: { left: 190, right: 40, top: 10, bottom: 30 },
    xAxis: { type: 'value', minInterval: 1, ...AXIS },
    yAxis: { type: 'category', inverse: true, data: data.top_events.map((e) => e.code), ...AXIS },
    series: [{
      type: 'bar', name: t('screens.topEvents'), barWidth: 18, label: { show: true, position: 'right', color: '#e6f1ff', fontSize: 18 },
      data: data.top_events.map((e) => ({ value: e.count, itemStyle: { color: LEVEL_COLOUR[e.level] } })),
    }],
  }, [data, tv, t]);

  const totals = data?.totals;
  return (
    <Stage testId={tv ? 'screen-tv' : 'screen-bigdata'} tv={tv}>
      <ScreenHeader title={t(tv ? 'screens.tvTitle' : 'screens.bigdataTitle')} connected={connected} refreshSeconds={refreshSeconds} updatedAt={updatedAt} tv={tv} />
      {refusal && <div className="gx-screen-notice" role="alert" data-testid="screen-refusal">{t(refusal)}</div>}
      {failed && !refusal && <div className="gx-screen-notice" role="alert">{t('screens.failed')}</div>}
      <Panel title={t('screens.total')} box={[30, 116, 560, 276]} testId="panel-totals">
        <div className="gx-screen-kpis" data-testid="screen-totals">
          <div className="gx-screen-kpi"><span>{t('screens.total')}</span><strong data-testid="kpi-total">{totals?.total ?? '—'}</strong></div>
          <div className="gx-screen-kpi" data-tone="ok"><span>{t('screens.online')}</span><strong data-testid="kpi-online">{totals?.online ?? '—'}</strong></div>
          <div className="gx-screen-kpi" data-tone="warn"><span>{t('screens.offline')}</span><strong data-testid="kpi-offline">{totals?.offline ?? '—'}</strong></div>
          <div className="gx-screen-kpi" data-tone="bad"><span>{t('screens.alarming')}</span><strong data-testid="kpi-alarming">{totals?.alarming ?? '—'}</strong></div>
        </div>
      </Panel>
      <Panel title={t('screens.families')} box={[30, 408, 560, 318]} testId="panel-families">
        <ScreenChart option={familiesOption} testId="chart-families" />
      </Panel>
      <Panel title={t('screens.traffic')} box={[30, 742, 560, 314]} testId="panel-traffic">
        {data && !data.traffic.length ? <div className="gx-screen-empty">{t('screens.noData')}</div> : <ScreenChart option={trafficOption} testId="chart-traffic" />}
      </Panel>
      <Panel
        title={drilled ? t('screens.mapCities', { province: provinceLabel(drilled.province, lang) }) : t('screens.map')}
        box={[610, 116, 700, 620]}
        testId="panel-map"
        extra={tv ? undefined : (
          <select
            className="gx-screen-select"
            aria-label={t('screens.mapScope')}
            data-testid="map-scope"
            value={province ?? ''}
            onChange={(e) => setProvince(e.target.value || null)}
          >
            <option value="">{t('screens.mapAll')}</option>
            {(data?.provinces ?? []).filter((p) => PROVINCE_CITY_MAPS[p.province]).map((p) => (
              <option key={p.province} value={p.province}>{provinceLabel(p.province, lang)} ({p.total})</option>
            ))}
          </select>
        )}
      >
        <ScreenChart option={mapOption} testId="chart-map" onPick={tv || drilled ? undefined : openProvince} />
        {cityData ? (
          <div className="gx-screen-foot gx-screen-foot-right" data-testid="map-cities">
            {cityData.list.slice(0, 4).map((c) => `${c.name} ${c.value}`).join(' · ')}
            {cityData.offMap > 0 ? `${cityData.list.length ? ' · ' : ''}${t('screens.offMap', { count: cityData.offMap })}` : ''}
          </div>
        ) : data && data.unlocated > 0 && <div className="gx-screen-foot">{t('screens.unlocated', { count: data.unlocated })}</div>}
      </Panel>
      <Panel title={t('screens.trend')} box={[610, 756, 700, 300]} testId="panel-trend">
        <ScreenChart option={trendOption} testId="chart-trend" />
      </Panel>
      <Panel title={t('screens.topEvents')} box={[1330, 116, 560, 400]} testId="panel-top">
        {data && !data.top_events.length ? <div className="gx-screen-empty">{t('screens.noData')}</div> : <ScreenChart option={topOption} testId="chart-top" />}
      </Panel>
      <Panel title={t('screens.events')} box={[1330, 536, 560, 520]} testId="panel-events">
        <EventTicker rows={data?.events ?? []} lang={lang} />
      </Panel>
    </Stage>
  );
}

/** The latest events; when more than fit, the rows scroll by in a loop (still under reduced motion). */
function EventTicker({ rows, lang }: { rows: readonly ScreenEventRow[]; lang: Lang }) {
  const { t } = useTranslation();
  const moving = rows.length > TICKER_ROWS;
  const shown = moving ? [...rows, ...rows] : rows;
  const head = (
    <colgroup><col style={{ width: 110 }} /><col style={{ width: 150 }} /><col style={{ width: 90 }} /><col /></colgroup>
  );
  return (
    <>
      <table className="gx-screen-table" aria-hidden={false}>
        {head}
        <thead><tr><th>{t('screens.colTime')}</th><th>{t('screens.colDevice')}</th><th>{t('screens.colProvince')}</th><th>{t('screens.colEvent')}</th></tr></thead>
      </table>
      <div className="gx-screen-ticker" data-testid="screen-events" data-moving={moving ? 'true' : 'false'}>
        {!rows.length ? <div className="gx-screen-empty">{t('screens.noEvents')}</div> : (
          <div className="gx-screen-ticker-rows" style={{ ['--gx-ticker-s' as string]: `${rows.length * 3}s` }}>
            <table className="gx-screen-table">
              {head}
              <tbody>
                {shown.map((e, i) => (
                  <tr key={`${e.id}-${i}`} data-event-id={e.id} aria-hidden={i >= rows.length}>
                    <td>{dayjs(e.at).format('HH:mm:ss')}</td>
                    <td title={e.serial}>{e.name || e.serial}</td>
                    <td>{e.province ? provinceLabel(e.province, lang) : '—'}</td>
                    <td title={e.msg}><span className="gx-screen-level" data-level={e.level}>{t(`screens.level${e.level[0]!.toUpperCase()}${e.level.slice(1)}`)}</span> {e.code}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
