import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd';
import { OP_ORDER_PAID, OP_ORDER_REFUNDED, operationOrderResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { pick, useLang } from '../../../resources/useLang';
import { centsWidget } from '../widgets/CentsInput';

// ECharts is fetched with this chart only, never with the rest of the console.
const DailyChart = lazy(() => import('../charts/DailyChart'));

/** Operation orders: orders and paid/refunded amounts per day above the list; money entered in integer cents. */
export default function OperationOrderPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const series = useMemo(() => {
    const label = (v: number) => pick(operationOrderResource.fields.status.options?.find((o) => o.value === v)?.label, lang);
    return [
      { key: 'orders', label: t('marketing.orderCount'), kind: 'line' as const },
      { key: 'paid', label: label(OP_ORDER_PAID), kind: 'bar' as const, money: true },
      { key: 'refunded', label: label(OP_ORDER_REFUNDED), kind: 'bar' as const, money: true },
    ];
  }, [lang, t]);
  const parts: ResourceParts = {
    widgets: { cents: centsWidget },
    header: (
      <Suspense fallback={<Skeleton active />}>
        <DailyChart decl={operationOrderResource} title={t('marketing.ordersPerDay')} series={series} testId="orders-chart" />
      </Suspense>
    ),
  };
  return <ResourcePage decl={operationOrderResource} parts={parts} />;
}
