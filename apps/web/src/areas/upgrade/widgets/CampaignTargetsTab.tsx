import { lazy, Suspense, useState } from 'react';
import { Progress, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TARGET_STATES, TARGET_STATE_LABELS, campaignResource, type CampaignTargetRow, type TargetState } from '@gx/contract';
import { DATE_TIME_FORMAT } from '../../../resources/fieldText';
import type { TabProps } from '../../../resources/types';
import { useLang } from '../../../resources/useLang';
import { fetchCampaignTargets } from '../api';

const PAGE_SIZE = 20;
// ECharts is fetched with a campaign's details only.
const CampaignChart = lazy(() => import('../charts/CampaignChart'));

/**
 * A campaign's devices: totals by state with the share finished, a progress bar per group (batch), the summary over
 * time (succeeded / failed / waiting), and each device's batch, state, progress and error. Upgrade commands and
 * campaign changes arrive on the live stream, which refreshes this query.
 */
export function CampaignTargetsTab({ row }: TabProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<TargetState | undefined>();
  const id = Number(row.id);
  const q = useQuery({
    queryKey: [campaignResource.key, 'targets', id, page, state],
    queryFn: () => fetchCampaignTargets(id, page, PAGE_SIZE, state),
    placeholderData: keepPreviousData,
  });
  const totals = q.data?.totals ?? { total: 0 };
  const count = (s: TargetState) => totals[s] ?? 0;
  const finished = count('succeeded') + count('failed') + count('timed_out') + count('expired') + count('canceled') + count('skipped');
  const label = (s: TargetState) => TARGET_STATE_LABELS[s][lang];

  return (
    <div data-testid="campaign-targets">
      <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
        <Progress
          percent={totals.total ? Math.round((finished / totals.total) * 100) : 0}
          success={{ percent: totals.total ? Math.round((count('succeeded') / totals.total) * 100) : 0 }}
          aria-label={t('upgrade.campaign.progress')}
        />
        <Space wrap data-testid="campaign-totals">
          <Typography.Text>{t('upgrade.campaign.total', { count: totals.total })}</Typography.Text>
          {TARGET_STATES.filter((s) => count(s) > 0).map((s) => (
            <Tag key={s} color={TARGET_STATE_LABELS[s].color} data-testid={`campaign-total-${s}`}>{`${label(s)} ${count(s)}`}</Tag>
          ))}
        </Space>
        <div data-testid="campaign-batches">
          {(q.data?.batches ?? []).map((b) => (
            <div key={b.batch} data-testid={`campaign-batch-${b.batch}`} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
              <Typography.Text style={{ minWidth: 120 }}>{t('upgrade.campaign.batchN', { n: b.batch, count: b.total })}</Typography.Text>
              <Progress
                style={{ flex: 1, margin: 0 }}
                size="small"
                percent={Math.round(((b.succeeded + b.failed) / Math.max(1, b.total)) * 100)}
                success={{ percent: Math.round((b.succeeded / Math.max(1, b.total)) * 100) }}
                status={b.failed > 0 ? 'exception' : b.active > 0 ? 'active' : 'normal'}
                aria-label={t('upgrade.campaign.batchN', { n: b.batch, count: b.total })}
              />
              <Typography.Text type="secondary" style={{ minWidth: 160 }}>
                {t('upgrade.campaign.batchSummary', { ok: b.succeeded, failed: b.failed, active: b.active, waiting: b.waiting })}
                {b.offline > 0 && ` · ${t('upgrade.campaign.batchOffline', { count: b.offline })}`}
              </Typography.Text>
            </div>
          ))}
        </div>
        {(q.data?.minutes.length ?? 0) > 0 && (
          <Suspense fallback={<Skeleton active />}>
            <CampaignChart total={totals.total} minutes={q.data?.minutes ?? []} />
          </Suspense>
        )}
        <Select<TargetState>
          allowClear
          style={{ width: 220 }}
          placeholder={t('upgrade.campaign.allStates')}
          aria-label={t('upgrade.campaign.stateFilter')}
          value={state}
          onChange={(v) => { setState(v); setPage(1); }}
          options={TARGET_STATES.map((s) => ({ value: s, label: label(s) }))}
        />
      </Space>
      <Table<CampaignTargetRow>
        rowKey="device_id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        scroll={{ x: 760 }}
        columns={[
          { title: t('upgrade.campaign.serial'), dataIndex: 'serial', width: 180 },
          { title: t('upgrade.campaign.model'), dataIndex: 'model', width: 110 },
          { title: t('upgrade.campaign.fw'), dataIndex: 'fw', width: 110 },
          { title: t('upgrade.campaign.batch'), dataIndex: 'batch', width: 70 },
          {
            title: t('upgrade.campaign.state'), dataIndex: 'state', width: 130,
            render: (s: TargetState) => <Tag color={TARGET_STATE_LABELS[s].color}>{label(s)}</Tag>,
          },
          {
            title: t('upgrade.campaign.progressColumn'), dataIndex: 'progress', width: 140,
            render: (p: number | null, r) => (p === null ? '—' : <Progress size="small" percent={p} status={r.state === 'failed' ? 'exception' : undefined} />),
          },
          {
            title: t('upgrade.campaign.error'), key: 'error', ellipsis: true,
            render: (_: unknown, r) => {
              // An offline device's row says when it is looked at again (a hello before that ends the wait).
              if (r.state === 'offline' && r.retry_at) {
                return t('upgrade.campaign.nextLook', { at: dayjs(r.retry_at).format(DATE_TIME_FORMAT), n: r.attempts });
              }
              return r.code || r.msg ? [r.code, r.msg].filter(Boolean).join(': ') : '';
            },
          },
        ]}
      />
    </div>
  );
}
