import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd';
import { authDataResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { MaskedPhoneCell } from '../widgets/MaskedPhoneCell';

// ECharts is fetched with this chart only, never with the rest of the console.
const DailyChart = lazy(() => import('../../marketing/charts/DailyChart'));

/** The portal's sign-in attempts, with successes and refusals per day charted above the list. */
export default function AuthDataPage() {
  const { t } = useTranslation();
  const series = useMemo(() => [
    { key: 'success', label: t('business.authData.success'), kind: 'bar' as const },
    { key: 'failed', label: t('business.authData.failed'), kind: 'bar' as const },
  ], [t]);
  const parts: ResourceParts = {
    cells: { maskedPhone: MaskedPhoneCell },
    header: (
      <Suspense fallback={<Skeleton active />}>
        <DailyChart decl={authDataResource} title={t('business.authData.chart')} series={series} testId="auth-data-chart" />
      </Suspense>
    ),
  };
  return <ResourcePage decl={authDataResource} parts={parts} />;
}
