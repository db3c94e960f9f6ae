import { useMemo } from 'react';
import { Card, Col, Empty, Row as Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAMILY_PAGES, metricDecl, type FamilyPage, type FamilyPageKey, type TelemetrySeries } from '@gx/contract';
import { EChart, type ChartOption } from '../../../components/charts/EChart';
import { pick, useLang } from '../../../resources/useLang';
import { metricText } from './format';

interface Props {
  page: FamilyPageKey;
  series: TelemetrySeries;
}

/**
 * The family page's charts of one device (`FAMILY_PAGES[page].charts`), one line per metric over the chosen window;
 * loaded with the telemetry tab only, so ECharts never reaches the lists.
 */
export default function TelemetryCharts({ page, series }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const p = FAMILY_PAGES[page] as unknown as FamilyPage;
  const options = useMemo(() => p.charts.map((chart) => {
    const unit = metricDecl(p.family, chart.metrics[0]!)?.unit ?? 'count';
    const option: ChartOption = {
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => metricText(Number(v), unit, t) },
      legend: { data: chart.metrics.map((m) => pick(metricDecl(p.family, m)?.label, lang)) },
      grid: { left: 70, right: 16, bottom: 30, top: 40 },
      xAxis: { type: 'time', min: series.from, max: series.to },
      yAxis: { type: 'value', scale: unit === 'dbm', axisLabel: { formatter: (v: number) => metricText(v, unit, t) } },
      series: chart.metrics.map((m) => ({
        name: pick(metricDecl(p.family, m)?.label, lang),
        type: 'line',
        showSymbol: series.points.length < 30,
        connectNulls: false,
        data: series.points.map((pt) => [pt.ts, pt.values[m] ?? null]),
      })),
    };
    return { chart, option };
  }), [p, series, lang, t]);
  if (!series.points.length) return <Empty description={t('deviceFamily.noTelemetry')} data-testid="telemetry-empty" />;
  return (
    <Grid gutter={[12, 12]}>
      {options.map(({ chart, option }) => (
        <Col span={24} key={chart.key}>
          <Card size="small" title={pick(chart.title, lang)} data-testid={`telemetry-card-${chart.key}`} data-points={series.points.length}>
            <EChart option={option} testId={`telemetry-chart-${chart.key}`} />
          </Card>
        </Col>
      ))}
    </Grid>
  );
}
