import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignMinute } from '@gx/contract';
import { EChart, type ChartOption } from '../../../components/charts/EChart';

interface Props {
  total: number;
  minutes: CampaignMinute[];
}

/**
 * The campaign's summary over time: devices succeeded, failed and still waiting after each minute in which some
 * finished (cumulative), as lines. Loaded with the campaign's details only (ECharts comes with it).
 */
export default function CampaignChart({ total, minutes }: Props) {
  const { t } = useTranslation();
  const option = useMemo((): ChartOption => {
    let ok = 0;
    let bad = 0;
    const points = minutes.map((m) => {
      ok += m.succeeded;
      bad += m.failed;
      return { at: new Date(m.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }), ok, bad, waiting: Math.max(0, total - ok - bad) };
    });
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: [t('upgrade.campaign.chartSucceeded'), t('upgrade.campaign.chartFailed'), t('upgrade.campaign.chartWaiting')] },
      grid: { left: 48, right: 16, bottom: 30, top: 40 },
      xAxis: { type: 'category', data: points.map((p) => p.at) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('upgrade.campaign.chartSucceeded'), type: 'line', data: points.map((p) => p.ok), color: '#389e0d' },
        { name: t('upgrade.campaign.chartFailed'), type: 'line', data: points.map((p) => p.bad), color: '#cf1322' },
        { name: t('upgrade.campaign.chartWaiting'), type: 'line', data: points.map((p) => p.waiting), color: '#8c8c8c' },
      ],
    };
  }, [minutes, total, t]);
  return <EChart option={option} testId="campaign-chart" />;
}
