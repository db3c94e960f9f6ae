import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallStatsDay } from '@gx/contract';
import { EChart, type ChartOption } from '../../../components/charts/EChart';

/** Calls and errors per day as bars, the mean answer time as a line on its own axis (ECharts loads with it). */
export default function CallsChart({ days }: { days: CallStatsDay[] }) {
  const { t } = useTranslation();
  const option = useMemo((): ChartOption => ({
    tooltip: { trigger: 'axis' },
    legend: { data: [t('dc.dashboard.calls'), t('dc.dashboard.errors'), t('dc.dashboard.avgMs')] },
    grid: { left: 48, right: 56, bottom: 30, top: 40 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: [{ type: 'value', minInterval: 1 }, { type: 'value', name: 'ms', position: 'right' }],
    series: [
      { name: t('dc.dashboard.calls'), type: 'bar', data: days.map((d) => d.calls), color: '#1677ff' },
      { name: t('dc.dashboard.errors'), type: 'bar', data: days.map((d) => d.errors), color: '#cf1322' },
      { name: t('dc.dashboard.avgMs'), type: 'line', yAxisIndex: 1, data: days.map((d) => d.avg_ms), color: '#d48806' },
    ],
  }), [days, t]);
  return <EChart option={option} testId="dc-calls-chart" />;
}
