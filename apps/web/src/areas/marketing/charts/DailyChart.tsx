import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { DailySeries, ResourceDecl } from '@gx/contract';
import { fetchDailySeries } from '../api';
import { EChart, type ChartOption } from '../../../components/charts/EChart';

export interface SeriesView {
  key: string;
  label: string;
  kind: 'bar' | 'line';
  /** Cents, drawn in yuan on the right-hand axis. */
  money?: boolean;
}

interface Props {
  decl: ResourceDecl;
  title: string;
  series: readonly SeriesView[];
  testId: string;
}

const DAY = 'YYYY-MM-DD';

/** A resource's `statistics` per day of a chosen period (last 30 days at first), as one chart above its list. */
export default function DailyChart({ decl, title, series, testId }: Props) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()]);
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const from = range[0].format(DAY);
  const to = range[1].format(DAY);
  const stats = useQuery<DailySeries>({
    queryKey: [decl.key, 'statistics', from, to, tz],
    queryFn: () => fetchDailySeries(decl.path, from, to, tz),
  });
  const data = stats.data;
  const empty = data !== undefined && data.series.every((s) => s.values.every((v) => v === 0));
  const hasMoney = series.some((s) => s.money);
  const option = useMemo((): ChartOption => ({
    tooltip: { trigger: 'axis' },
    legend: { data: series.map((s) => s.label) },
    grid: { left: 40, right: hasMoney ? 70 : 16, bottom: 30, top: 40 },
    xAxis: { type: 'category', data: data?.days.map((d) => d.slice(5)) ?? [] },
    yAxis: [
      { type: 'value', minInterval: 1 },
      ...(hasMoney ? [{ type: 'value' as const, axisLabel: { formatter: '¥{value}' } }] : []),
    ],
    series: series.map((s) => ({
      name: s.label,
      type: s.kind,
      ...(s.kind === 'bar' ? { stack: s.money ? 'money' : 'count' } : { smooth: true }),
      yAxisIndex: s.money ? 1 : 0,
      data: (data?.series.find((x) => x.key === s.key)?.values ?? []).map((v) => (s.money ? v / 100 : v)),
    })),
  }), [data, series, hasMoney]);
  return (
    <Card title={title} className="gx-daily-chart" data-testid={`${testId}-card`} style={{ marginBottom: 16 }}
      extra={(
        <Space>
          <DatePicker.RangePicker
            aria-label={t('marketing.invitation.period')}
            value={range}
            allowClear={false}
            onChange={(v) => { if (v?.[0] && v[1]) setRange([v[0], v[1]]); }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          />
        </Space>
      )}
    >
      {empty ? <Empty description={t('marketing.chartEmpty')} /> : <EChart option={option} testId={testId} />}
    </Card>
  );
}
