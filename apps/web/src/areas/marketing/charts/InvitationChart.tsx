import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Empty, Row, Space, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { invitationResource, type InvitationStats } from '@gx/contract';
import { fetchInvitationStats } from '../api';
import { EChart, type ChartOption as Option } from '../../../components/charts/EChart';

const DAY = 'YYYY-MM-DD';

/** Invitations per day and per inviter with the conversion rate, from one `statistics` call for the chosen period. */
export default function InvitationChart() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()]);
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const from = range[0].format(DAY);
  const to = range[1].format(DAY);
  const stats = useQuery<InvitationStats>({
    queryKey: [invitationResource.key, 'statistics', from, to, tz],
    queryFn: () => fetchInvitationStats(from, to, tz),
  });
  const data = stats.data;
  const perDay = useMemo((): Option => ({
    tooltip: { trigger: 'axis' },
    legend: { data: [t('marketing.invitation.invitations'), t('marketing.invitation.conversions')] },
    grid: { left: 40, right: 16, bottom: 30, top: 40 },
    xAxis: { type: 'category', data: data?.days.map((d) => d.date.slice(5)) ?? [] },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: t('marketing.invitation.invitations'), type: 'line', smooth: true, data: data?.days.map((d) => d.invitations) ?? [] },
      { name: t('marketing.invitation.conversions'), type: 'line', smooth: true, data: data?.days.map((d) => d.conversions) ?? [] },
    ],
  }), [data, t]);
  const perInviter = useMemo((): Option => {
    const inviters = [...(data?.inviters ?? [])].reverse();
    return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { data: [t('marketing.invitation.invitations'), t('marketing.invitation.conversions')] },
    grid: { left: 100, right: 16, bottom: 30, top: 40 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: inviters.map((i) => i.name) },
    series: [
      { name: t('marketing.invitation.invitations'), type: 'bar', data: inviters.map((i) => i.invitations) },
      { name: t('marketing.invitation.conversions'), type: 'bar', data: inviters.map((i) => i.conversions) },
    ],
    };
  }, [data, t]);
  return (
    <Card className="gx-invitation-stats" data-testid="invitation-stats" style={{ marginBottom: 16 }}>
      <Space wrap size="large" style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label={t('marketing.invitation.period')}
          value={range}
          allowClear={false}
          onChange={(v) => { if (v?.[0] && v[1]) setRange([v[0], v[1]]); }}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
        />
        <Statistic title={t('marketing.invitation.total')} value={data?.total ?? 0} data-testid="invitation-total" />
        <Statistic title={t('marketing.invitation.converted')} value={data?.converted ?? 0} />
        <Statistic title={t('marketing.invitation.rate')} value={((data?.rate ?? 0) * 100).toFixed(1)} suffix="%" data-testid="invitation-rate" />
      </Space>
      {data && data.total === 0 ? <Empty description={t('marketing.invitation.empty')} /> : (
        <Row gutter={16}>
          <Col xs={24} lg={14}>
            <h3>{t('marketing.invitation.perDay')}</h3>
            <EChart option={perDay} testId="invitation-chart-days" />
          </Col>
          <Col xs={24} lg={10}>
            <h3>{t('marketing.invitation.perInviter')}</h3>
            <EChart option={perInviter} testId="invitation-chart-inviters" />
          </Col>
        </Row>
      )}
    </Card>
  );
}
