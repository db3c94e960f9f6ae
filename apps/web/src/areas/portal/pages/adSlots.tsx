import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd';
import { portalAdSlotResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { centsWidget } from '../../marketing/widgets/CentsInput';

// ECharts is fetched with this chart only, never with the rest of the console.
const DailyChart = lazy(() => import('../../marketing/charts/DailyChart'));

/** Ad slots with the ad-revenue report above them: views and clicks per day, and what they earned in yuan. */
export default function AdSlotsPage() {
  const { t } = useTranslation();
  const series = useMemo(() => [
    { key: 'views', label: t('portal.adSlots.views'), kind: 'line' as const },
    { key: 'clicks', label: t('portal.adSlots.clicks'), kind: 'line' as const },
    { key: 'revenue', label: t('portal.adSlots.earned'), kind: 'bar' as const, money: true },
  ], [t]);
  const parts: ResourceParts = {
    widgets: { cents: centsWidget },
    header: (
      <Suspense fallback={<Skeleton active />}>
        <DailyChart decl={portalAdSlotResource} title={t('portal.adSlots.revenue')} series={series} testId="ad-revenue-chart" />
      </Suspense>
    ),
  };
  return <ResourcePage decl={portalAdSlotResource} parts={parts} />;
}
