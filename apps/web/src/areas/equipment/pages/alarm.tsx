import { useMemo } from 'react';
import { Segmented, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ALARM_SEVERITIES, ALARM_SEVERITY_LABELS, alarmResource, type AlarmSummary } from '@gx/contract';
import { requestData } from '../../../api/request';
import { ResourcePage } from '../../../resources/ResourcePage';
import { paramPrefix } from '../../../resources/listState';
import { latestSearchParams } from '../../../router/latestLocation';
import type { ResourceParts } from '../../../resources/types';
import { useLang } from '../../../resources/useLang';

type View = 'active' | 'history' | 'all';

/**
 * Active alarms by severity (the `summary` method) and a switch between active alarms, their history and all; the
 * switch is the list's `active` filter, so it lives in the URL like every other filter. Alarm messages on the live
 * stream refresh both the list and the summary.
 */
function AlarmHeader() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const key = `${paramPrefix(alarmResource)}active`;
  const raw = params.get(key);
  const view: View = raw === '1' ? 'active' : raw === '0' ? 'history' : 'all';
  const summary = useQuery({
    queryKey: [alarmResource.key, 'summary'],
    queryFn: () => requestData<AlarmSummary>(alarmResource.path, { method: 'summary' }, { loading: false, quietSuccess: true }),
  });
  const options = useMemo(() => (['active', 'history', 'all'] as const).map((v) => ({ value: v, label: t(`alarm.view.${v}`) })), [t]);
  const choose = (v: View) => setParams(() => {
    const next = latestSearchParams();
    next.delete(`${paramPrefix(alarmResource)}page`);
    if (v === 'all') next.delete(key);
    else next.set(key, v === 'active' ? '1' : '0');
    return next;
  });
  return (
    <Space wrap size="middle" style={{ marginBottom: 12 }} data-testid="alarm-header">
      <Segmented<View> aria-label={t('alarm.view.label')} value={view} options={options} onChange={choose} />
      <span data-testid="alarm-summary">{t('alarm.summary', { count: summary.data?.total ?? 0 })}</span>
      {ALARM_SEVERITIES.map((s) => (
        <Tag key={s} color={ALARM_SEVERITY_LABELS[s].color} data-testid={`alarm-summary-${s}`}>
          {ALARM_SEVERITY_LABELS[s][lang]} {summary.data?.[s] ?? 0}
        </Tag>
      ))}
    </Space>
  );
}

const parts: ResourceParts = { header: <AlarmHeader /> };

/** Alarms: the declaration's list (filters severity, state, device; acknowledge and clear) under the header. */
export default function AlarmPage() {
  return <ResourcePage decl={alarmResource} parts={parts} />;
}
