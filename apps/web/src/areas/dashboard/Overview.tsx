import { lazy, Suspense, type ReactNode } from 'react';
import { Col, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  COMMAND_STATE_LABELS, DASHBOARD_COMMAND_STATES, DEVICE_FAMILY_LABELS, FAMILY_PAGES, FAMILY_PAGE_KEYS, familyResourceKey,
  type DashboardSummary, type DeviceFamily,
} from '@gx/contract';
import { AfterPaint } from '../../components/charts/AfterPaint';
import { Panel } from '../../components/Panel';
import { useLang } from '../../resources/useLang';
import { useListLink } from './links';

// ECharts comes with the chart, once the figures are painted: the rest of the dashboard never waits for it.
const OnlineRateChart = lazy(() => import('./OnlineRateChart'));
const chartWait = <div className="gx-dash-chart-wait"><Spin /></div>;

/** One figure: its number (a link to the list behind it when the user may open that list) and its label. */
function Figure({ label, value, to, testId, tone }: { label: ReactNode; value: ReactNode; to?: string; testId: string; tone?: 'ok' | 'bad' | 'warn' }) {
  const number = <span className={`gx-dash-value${tone ? ` gx-dash-${tone}` : ''}`} data-testid={testId}>{value}</span>;
  return (
    <div className="gx-dash-figure">
      {to ? <Link to={to} aria-label={`${String(label)}: ${String(value)}`}>{number}</Link> : number}
      <span className="gx-dash-label">{label}</span>
    </div>
  );
}

function familyLink(listLink: ReturnType<typeof useListLink>, family: DeviceFamily, online?: 0 | 1): string | undefined {
  const page = FAMILY_PAGE_KEYS.find((k) => FAMILY_PAGES[k].family === family);
  const filter: Record<string, number> = online === undefined ? {} : { online };
  const own = page ? listLink(familyResourceKey(page), filter) : undefined;
  return own ?? listLink('device.binding', { family, ...filter });
}

/** The operator's morning view: every figure the server counted for the current organisation. */
export function Overview({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation();
  const lang = useLang();
  const listLink = useListLink();
  const { devices, onlineRate, commands, campaigns, workOrders, suggestions, sms } = summary;
  const rate = onlineRate?.at(-1)?.rate;
  const cards: { key: string; node: ReactNode }[] = [];
  if (commands) {
    cards.push({
      key: 'commands',
      node: (
        <Panel title={t('dashboard.commands')} extra={t('dashboard.commandsHint')} className="gx-dash-card">
          <div className="gx-dash-figures">
            <Figure label={t('dashboard.inProgress')} value={commands.total} to={listLink('device.binding')} testId="dashboard-commands-total" />
            {DASHBOARD_COMMAND_STATES.map((s) => (
              <Figure key={s} label={COMMAND_STATE_LABELS[s][lang]} value={commands.states[s]} testId={`dashboard-commands-${s}`} />
            ))}
          </div>
        </Panel>
      ),
    });
  }
  if (campaigns) {
    cards.push({
      key: 'campaigns',
      node: (
        <Panel title={t('dashboard.campaigns')} className="gx-dash-card">
          <div className="gx-dash-figures">
            <Figure label={t('dashboard.running')} value={campaigns.running} to={listLink('upgrade.campaign', { state: 'running' })} testId="dashboard-campaigns-running" />
            <Figure label={t('dashboard.paused')} value={campaigns.paused} to={listLink('upgrade.campaign', { state: 'paused' })} testId="dashboard-campaigns-paused" tone={campaigns.paused ? 'warn' : undefined} />
          </div>
        </Panel>
      ),
    });
  }
  if (workOrders) {
    cards.push({
      key: 'workOrders',
      node: (
        <Panel title={t('dashboard.workOrders')} className="gx-dash-card">
          <div className="gx-dash-figures">
            <Figure label={t('dashboard.newOrders')} value={workOrders.open} to={listLink('business.work_order', { status: 'open' })} testId="dashboard-work-orders-open" tone={workOrders.open ? 'warn' : undefined} />
            <Figure label={t('dashboard.unfinished')} value={workOrders.unfinished} to={listLink('business.work_order')} testId="dashboard-work-orders-unfinished" />
          </div>
        </Panel>
      ),
    });
  }
  if (suggestions) {
    cards.push({
      key: 'suggestions',
      node: (
        <Panel title={t('dashboard.suggestions')} className="gx-dash-card">
          <div className="gx-dash-figures">
            <Figure label={t('dashboard.unhandled')} value={suggestions.unhandled} to={listLink('oa.suggestion', { status: 0 })} testId="dashboard-suggestions-unhandled" tone={suggestions.unhandled ? 'warn' : undefined} />
          </div>
        </Panel>
      ),
    });
  }
  if (sms) {
    const to = listLink('portal.settings');
    cards.push({
      key: 'sms',
      node: (
        <Panel title={t('dashboard.sms')} extra={t('dashboard.thisMonth')} className="gx-dash-card">
          <div className="gx-dash-figures">
            <Figure label={t('dashboard.smsUsed')} value={sms.used} testId="dashboard-sms-used" />
            <Figure label={t('dashboard.smsQuota')} value={sms.quota || t('dashboard.noQuota')} to={to} testId="dashboard-sms-quota" />
            {sms.remaining !== null && (
              <Figure label={t('dashboard.smsRemaining')} value={sms.remaining} to={to} testId="dashboard-sms-remaining" tone={sms.remaining === 0 ? 'bad' : undefined} />
            )}
          </div>
        </Panel>
      ),
    });
  }

  return (
    <div className="gx-dash" data-testid="dashboard-overview">
      <Row gutter={[16, 16]}>
        {devices && (
          <Col xs={24} lg={onlineRate ? 8 : 24}>
            <Panel title={t('dashboard.devices')} className="gx-dash-card">
              <div className="gx-dash-figures">
                <Figure label={t('dashboard.total')} value={devices.total} to={listLink('device.binding')} testId="dashboard-devices-total" />
                <Figure label={t('dashboard.online')} value={devices.online} to={listLink('device.binding', { online: 1 })} testId="dashboard-devices-online" tone="ok" />
                <Figure label={t('dashboard.offline')} value={devices.offline} to={listLink('device.binding', { online: 0 })} testId="dashboard-devices-offline" tone={devices.offline ? 'bad' : undefined} />
              </div>
              {devices.families.length ? (
                <table className="gx-dash-families" data-testid="dashboard-families">
                  <thead>
                    <tr>
                      <th scope="col">{t('dashboard.family')}</th>
                      <th scope="col">{t('dashboard.total')}</th>
                      <th scope="col">{t('dashboard.online')}</th>
                      <th scope="col">{t('dashboard.offline')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {devices.families.map((f) => {
                      const cell = (value: number, online: 0 | 1 | undefined, kind: string) => {
                        const to = familyLink(listLink, f.family, online);
                        return <td data-testid={`dashboard-family-${f.family}-${kind}`}>{to ? <Link to={to}>{value}</Link> : value}</td>;
                      };
                      return (
                        <tr key={f.family}>
                          <th scope="row">{DEVICE_FAMILY_LABELS[f.family][lang]}</th>
                          {cell(f.total, undefined, 'total')}
                          {cell(f.online, 1, 'online')}
                          {cell(f.offline, 0, 'offline')}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              ) : <p className="gx-dash-empty">{t('dashboard.noDevices')}</p>}
            </Panel>
          </Col>
        )}
        {onlineRate && (
          <Col xs={24} lg={16}>
            <Panel
              title={t('dashboard.onlineRate24h')}
              extra={rate !== undefined && <span data-testid="dashboard-online-rate">{t('dashboard.rateNow', { rate })}</span>}
              className="gx-dash-card"
            >
              <AfterPaint fallback={chartWait}>
                <Suspense fallback={chartWait}>
                  <OnlineRateChart series={onlineRate} />
                </Suspense>
              </AfterPaint>
            </Panel>
          </Col>
        )}
        {cards.map((c) => (
          <Col key={c.key} xs={24} sm={12} xl={8} data-testid={`dashboard-card-${c.key}`}>
            {c.node}
          </Col>
        ))}
      </Row>
    </div>
  );
}
