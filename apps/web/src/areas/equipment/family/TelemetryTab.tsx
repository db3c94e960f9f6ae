import { lazy, Suspense, useState } from 'react';
import { Segmented, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TELEMETRY_RANGE_NAMES, type TelemetryRange } from '@gx/contract';
import type { TabProps } from '../../../resources/types';
import { fetchTelemetry } from './familyApi';
import { pageOfResource } from './pages';

const TelemetryCharts = lazy(() => import('./TelemetryCharts'));

/**
 * A device's telemetry over the last hour, day or week from the stored series; new telemetry arrives through the
 * live stream, which refreshes this query (the new points are appended to the charts).
 */
export function TelemetryTab({ row, resource }: TabProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState<TelemetryRange>('hour');
  const page = pageOfResource(resource.key);
  const series = useQuery({
    queryKey: [resource.key, 'telemetry', row.id, range],
    queryFn: () => fetchTelemetry(resource.path, row.id, range),
  });
  return (
    <div data-testid="device-telemetry">
      <Segmented<TelemetryRange>
        value={range}
        onChange={setRange}
        options={TELEMETRY_RANGE_NAMES.map((r) => ({ value: r, label: t(`deviceFamily.range.${r}`) }))}
        style={{ marginBottom: 12 }}
        data-testid="telemetry-range"
      />
      {series.data && (
        <Typography.Paragraph type="secondary">
          {t('deviceFamily.bucket', { seconds: series.data.bucket_s })}
        </Typography.Paragraph>
      )}
      <Suspense fallback={<Spin />}>
        {series.data && page ? <TelemetryCharts page={page} series={series.data} /> : <Spin />}
      </Suspense>
    </div>
  );
}
