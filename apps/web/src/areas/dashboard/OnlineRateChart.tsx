import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DashboardSummary } from '@gx/contract';
import { EChart, type ChartOption } from '../../components/charts/EChart';

/** The online rate over the last hours (a line, in %); loaded with ECharts only when the dashboard shows it. */
export default function OnlineRateChart({ series }: { series: NonNullable<DashboardSummary['onlineRate']> }) {
  const { t } = useTranslation();
  const option = useMemo((): ChartOption => ({
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => `${String(v)}%`,
    },
    grid: { left: 48, right: 16, bottom: 30, top: 24 },
    xAxis: { type: 'category', boundaryGap: false, data: series.map((p) => dayjs(p.at).format('HH:mm')) },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [{ name: t('dashboard.onlineRate'), type: 'line', smooth: true, areaStyle: { opacity: 0.15 }, data: series.map((p) => p.rate) }],
  }), [series, t]);
  return <EChart option={option} testId="dashboard-online-rate-chart" />;
}
