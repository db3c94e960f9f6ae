import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { provinceOf, type SdwanLinkState, type SdwanSummary } from '@gx/contract';
import { useAppStore } from '../../../store/app';
import { CHINA_MAP, ScreenChart, useChinaMap, type ScreenOption } from './charts';
import { ScreenHeader } from './ScreenHeader';
import { Panel, Stage } from './Stage';
import { useScreen } from './useScreen';

const STATE_COLOUR: Record<SdwanLinkState, string> = { up: '#3ddc84', degraded: '#ffb020', down: '#ff5c5c' };
const STATE_KEY: Record<SdwanLinkState, string> = { up: 'screens.linksUp', degraded: 'screens.linksDegraded', down: 'screens.linksDown' };

type Site = SdwanSummary['sites'][number];

/** Where a site is drawn: its province's capital, sites of one province spread on a small circle around it. */
export function sitePositions(sites: readonly Site[]): Map<number, [number, number]> {
  const out = new Map<number, [number, number]>();
  const seen = new Map<string, number>();
  for (const s of sites) {
    const p = provinceOf(s.province);
    if (!p) continue;
    const k = seen.get(p.name) ?? 0;
    seen.set(p.name, k + 1);
    const angle = (k * 2 * Math.PI) / 5;
    out.set(s.id, k === 0 ? [p.lng, p.lat] : [p.lng + 1.6 * Math.cos(angle), p.lat + 1.2 * Math.sin(angle)]);
  }
  return out;
}

const siteName = (s: Site | undefined) => (s ? s.name || s.serial : '?');

/**
 * `/SD_WAN_Largescreen`: the organisation's SD-WAN sites (gateways reporting a site number) on the map of China,
 * the links between them as flight lines coloured by state with their latency, and the link and site lists.
 */
export function SdwanScreen() {
  const { t } = useTranslation();
  const lang = useAppStore((s) => s.language);
  const { data, failed, refusal, connected, refreshSeconds, updatedAt } = useScreen<SdwanSummary>('sdwan');
  const mapReady = useChinaMap();
  const byId = useMemo(() => new Map((data?.sites ?? []).map((s) => [s.id, s])), [data]);
  const counts = useMemo(() => {
    const c = { up: 0, degraded: 0, down: 0 };
    for (const l of data?.links ?? []) c[l.state] += 1;
    return c;
  }, [data]);

  const option = useMemo<ScreenOption | null>(() => {
    if (!data || !mapReady) return null;
    const pos = sitePositions(data.sites);
    return {
      tooltip: { trigger: 'item', textStyle: { fontSize: 18 } },
      geo: {
        map: CHINA_MAP, roam: false, layoutCenter: ['50%', '50%'], layoutSize: '95%', silent: true,
        itemStyle: { areaColor: '#0d2a52', borderColor: '#4d9bff', borderWidth: 1 },
      },
      series: [
        {
          type: 'lines', coordinateSystem: 'geo', zlevel: 1,
          effect: { show: true, period: 5, trailLength: 0.15, symbol: 'arrow', symbolSize: 9 },
          lineStyle: { width: 3, opacity: 0.9, curveness: 0.2 },
          label: { show: true, position: 'middle', color: '#e6f1ff', fontSize: 16, formatter: '{b}' },
          tooltip: { formatter: (p: { data: { tip: string } }) => p.data.tip },
          data: data.links.flatMap((l) => {
            const a = pos.get(l.from), b = pos.get(l.to);
            if (!a || !b) return [];
            return [{
              coords: [a, b], name: l.state === 'down' ? t('screens.linksDown') : t('screens.ms', { value: l.latency_ms }),
              lineStyle: { color: STATE_COLOUR[l.state], type: l.state === 'down' ? 'dashed' : 'solid' },
              tip: `${siteName(byId.get(l.from))} ⇄ ${siteName(byId.get(l.to))}<br/>${t('screens.colLatency')}: ${l.latency_ms} ms<br/>${t('screens.colLoss')}: ${l.loss_pct}%`,
            }];
          }),
        },
        {
          type: 'effectScatter', coordinateSystem: 'geo', zlevel: 2, symbolSize: 16, rippleEffect: { scale: 3 },
          label: { show: true, position: 'right', color: '#fff', fontSize: 18, formatter: '{b}' },
          data: data.sites.flatMap((s) => {
            const p = pos.get(s.id);
            return p ? [{ name: s.name || s.serial, value: p, itemStyle: { color: s.online ? '#35c3ff' : '#ff5c5c' } }] : [];
          }),
        },
      ],
    } as ScreenOption;
  }, [data, mapReady, byId, t]);

  const online = data?.sites.filter((s) => s.online).length ?? 0;
  return (
    <Stage testId="screen-sdwan">
      <ScreenHeader title={t('screens.sdwanTitle')} connected={connected} refreshSeconds={refreshSeconds} updatedAt={updatedAt} />
      {refusal && <div className="gx-screen-notice" role="alert" data-testid="screen-refusal">{t(refusal)}</div>}
      {failed && !refusal && <div className="gx-screen-notice" role="alert">{t('screens.failed')}</div>}
      <Panel title={t('screens.links')} box={[30, 116, 440, 330]} testId="panel-sdwan-totals">
        <div className="gx-screen-kpis">
          <div className="gx-screen-kpi"><span>{t('screens.sites')}</span><strong data-testid="kpi-sites">{data?.sites.length ?? '—'}</strong></div>
          <div className="gx-screen-kpi" data-tone="ok"><span>{t('screens.sitesOnline')}</span><strong>{data ? online : '—'}</strong></div>
          <div className="gx-screen-kpi" data-tone="ok"><span>{t('screens.linksUp')}</span><strong data-testid="kpi-links-up">{data ? counts.up : '—'}</strong></div>
          <div className="gx-screen-kpi" data-tone="bad">
            <span>{t('screens.linksDegraded')} / {t('screens.linksDown')}</span><strong>{data ? `${counts.degraded} / ${counts.down}` : '—'}</strong>
          </div>
        </div>
      </Panel>
      <Panel title={t('screens.siteList')} box={[30, 466, 440, 590]} testId="panel-sites">
        {data && !data.sites.length ? <div className="gx-screen-empty">{t('screens.noSites')}</div> : (
          <table className="gx-screen-table" data-testid="screen-sites">
            <colgroup><col style={{ width: 60 }} /><col /><col style={{ width: 120 }} /></colgroup>
            <thead><tr><th>#</th><th>{t('screens.colSite')}</th><th>{t('screens.colProvince')}</th></tr></thead>
            <tbody>
              {(data?.sites ?? []).slice(0, 12).map((s) => (
                <tr key={s.id}>
                  <td>{s.site}</td>
                  <td title={s.serial}><span className="gx-screen-state" data-state={s.online ? 'up' : 'down'}>●</span> {s.name || s.serial}</td>
                  <td>{s.province ? (lang === 'en' ? provinceOf(s.province)?.en ?? s.province : s.province) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
      <Panel title={t('screens.sdwanMap')} box={[490, 116, 940, 940]} testId="panel-map">
        <ScreenChart option={option} testId="chart-map" />
      </Panel>
      <Panel title={t('screens.linkList')} box={[1450, 116, 440, 940]} testId="panel-links">
        {data && !data.links.length ? <div className="gx-screen-empty">{t('screens.noData')}</div> : (
          <table className="gx-screen-table" data-testid="screen-links">
            <colgroup><col /><col style={{ width: 90 }} /><col style={{ width: 80 }} /><col style={{ width: 70 }} /></colgroup>
            <thead><tr><th>{t('screens.colLink')}</th><th>{t('screens.colLatency')}</th><th>{t('screens.colLoss')}</th><th>{t('screens.colState')}</th></tr></thead>
            <tbody>
              {(data?.links ?? []).slice(0, 21).map((l) => (
                <tr key={`${l.from}-${l.to}`} data-state={l.state}>
                  <td title={`${byId.get(l.from)?.serial ?? ''} ⇄ ${byId.get(l.to)?.serial ?? ''}`}>{byId.get(l.from)?.site ?? '?'} ⇄ {byId.get(l.to)?.site ?? '?'}</td>
                  <td>{l.state === 'down' ? '—' : Math.round(l.latency_ms)}</td>
                  <td>{l.state === 'down' ? '—' : `${l.loss_pct}%`}</td>
                  <td><span className="gx-screen-state" data-state={l.state}>{t(STATE_KEY[l.state])}</span></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </Stage>
  );
}
