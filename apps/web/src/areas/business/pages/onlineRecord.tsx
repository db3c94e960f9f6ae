import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd';
import { onlineRecordResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';

// ECharts is fetched with these charts only, never with the rest of the console.
const DailyChart = lazy(() => import('../../marketing/charts/DailyChart'));
const OnlineTimelineChart = lazy(() => import('../widgets/OnlineTimelineChart'));

/**
 * Devices' online periods, with devices online and minutes online per day charted above the list, and one chosen
 * device's periods along a time axis (its offline gaps between them, its online share).
 */
export default function OnlineRecordPage() {
  const { t } = useTranslation();
  const series = useMemo(() => [
    { key: 'devices', label: t('business.onlineRecord.devices'), kind: 'line' as const },
    { key: 'minutes', label: t('business.onlineRecord.minutes'), kind: 'bar' as const },
  ], [t]);
  const parts: ResourceParts = {
    header: (
      <Suspense fallback={<Skeleton active />}>
        <DailyChart decl={onlineRecordResource} title={t('business.onlineRecord.chart')} series={series} testId="online-record-chart" />
        <OnlineTimelineChart />
      </Suspense>
    ),
  };
  return <ResourcePage decl={onlineRecordResource} parts={parts} />;
}
