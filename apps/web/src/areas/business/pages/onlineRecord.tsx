import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd';
import { onlineRecordResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';

// ECharts is fetched with this chart only, never with the rest of the console.
const DailyChart = lazy(() => import('../../marketing/charts/DailyChart'));

/** Devices' online periods, with devices online and minutes online per day charted above the list. */
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
      </Suspense>
    ),
  };
  return <ResourcePage decl={onlineRecordResource} parts={parts} />;
}
