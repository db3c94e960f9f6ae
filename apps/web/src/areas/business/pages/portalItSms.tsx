import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd';
import { portalSmsLogResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { MaskedPhoneCell } from '../widgets/MaskedPhoneCell';

// ECharts is fetched with this chart only, never with the rest of the console.
const DailyChart = lazy(() => import('../../marketing/charts/DailyChart'));

/** The organisation's SMS send log, with messages sent and failed per day charted above the list. */
export default function PortalItSmsPage() {
  const { t } = useTranslation();
  const series = useMemo(() => [
    { key: 'sent', label: t('business.portalItSms.sent'), kind: 'bar' as const },
    { key: 'failed', label: t('business.portalItSms.failed'), kind: 'bar' as const },
  ], [t]);
  const parts: ResourceParts = {
    cells: { maskedPhone: MaskedPhoneCell },
    header: (
      <Suspense fallback={<Skeleton active />}>
        <DailyChart decl={portalSmsLogResource} title={t('business.portalItSms.chart')} series={series} testId="portal-sms-chart" />
      </Suspense>
    ),
  };
  return <ResourcePage decl={portalSmsLogResource} parts={parts} />;
}
