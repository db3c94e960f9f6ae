import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd';
import { prizeWinResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import { pick, useLang } from '../../../resources/useLang';

// ECharts is fetched with this chart only, never with the rest of the console.
const DailyChart = lazy(() => import('../../marketing/charts/DailyChart'));

/** Prize winners (served by the marketing area): wins per day by redemption state above the list. */
export default function PrizeWinPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const series = useMemo(() => (prizeWinResource.fields.status.options ?? []).map((o) => ({
    key: String(o.value), label: pick(o.label, lang), kind: 'bar' as const,
  })), [lang]);
  return (
    <ResourcePage
      decl={prizeWinResource}
      parts={{
        header: (
          <Suspense fallback={<Skeleton active />}>
            <DailyChart decl={prizeWinResource} title={t('marketing.winsPerDay')} series={series} testId="wins-chart" />
          </Suspense>
        ),
      }}
    />
  );
}
