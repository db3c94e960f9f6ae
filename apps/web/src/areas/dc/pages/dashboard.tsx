import { lazy, Suspense, useState } from 'react';
import { Card, Col, Empty, Row, Segmented, Select, Skeleton, Space, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CALL_STATS_DAYS, type CallStatsService } from '@gx/contract';
import { fetchCallStats } from '../api';

// ECharts comes with the chart only.
const CallsChart = lazy(() => import('../charts/CallsChart'));

/**
 * The developer dashboard: the organisation's signed calls per day — calls, errors, mean answer time — overall or
 * for one service, over 7 to 90 days, and each service's totals.
 */
export default function DeveloperDashboardPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(14);
  const [serviceId, setServiceId] = useState<number | undefined>();
  const q = useQuery({ queryKey: ['dc', 'stats', days, serviceId], queryFn: () => fetchCallStats(days, serviceId), placeholderData: keepPreviousData });
  const totals = q.data?.totals ?? { calls: 0, errors: 0, avg_ms: 0 };
  const rate = totals.calls ? (totals.errors * 100) / totals.calls : 0;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="dc-dashboard">
      <Space wrap>
        <Select<number>
          allowClear
          style={{ minWidth: 240 }}
          placeholder={t('dc.dashboard.allServices')}
          aria-label={t('dc.dashboard.service')}
          value={serviceId}
          onChange={(v) => setServiceId(v)}
          options={(q.data?.services ?? []).map((s) => ({ value: s.id, label: s.name }))}
          data-testid="dc-dashboard-service"
        />
        <Segmented<number>
          value={days}
          onChange={setDays}
          options={CALL_STATS_DAYS.map((d) => ({ value: d, label: t('dc.dashboard.days', { count: d }) }))}
          data-testid="dc-dashboard-days"
        />
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}><Card><Statistic title={t('dc.dashboard.calls')} value={totals.calls} data-testid="dc-dashboard-calls" /></Card></Col>
        <Col xs={12} md={6}><Card><Statistic title={t('dc.dashboard.errors')} value={totals.errors} data-testid="dc-dashboard-errors" /></Card></Col>
        <Col xs={12} md={6}><Card><Statistic title={t('dc.dashboard.errorRate')} value={rate} precision={1} suffix="%" /></Card></Col>
        <Col xs={12} md={6}><Card><Statistic title={t('dc.dashboard.avgMs')} value={totals.avg_ms} suffix="ms" /></Card></Col>
      </Row>
      <Card title={t('dc.dashboard.perDay')}>
        {q.isLoading ? <Skeleton active /> : totals.calls === 0 ? <Empty description={t('dc.dashboard.none')} /> : (
          <Suspense fallback={<Skeleton active />}>
            <CallsChart days={q.data?.days ?? []} />
          </Suspense>
        )}
      </Card>
      <Card title={t('dc.dashboard.byService')}>
        <Table<CallStatsService>
          rowKey="id"
          size="small"
          loading={q.isLoading}
          pagination={false}
          dataSource={q.data?.services ?? []}
          columns={[
            { title: t('dc.dashboard.service'), dataIndex: 'name' },
            { title: t('dc.dashboard.calls'), dataIndex: 'calls', width: 120 },
            { title: t('dc.dashboard.errors'), dataIndex: 'errors', width: 120 },
            { title: t('dc.dashboard.avgMs'), dataIndex: 'avg_ms', width: 160 },
          ]}
        />
      </Card>
    </Space>
  );
}
