import { useState } from 'react';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SYNC_STATE_LABELS, type SyncState, type TemplateDeviceRow } from '@gx/contract';
import { requestData } from '../../../api/request';
import type { TabProps } from '../../../resources/types';
import { useLang } from '../../../resources/useLang';

const PAGE_SIZE = 20;

/**
 * The devices a template was last applied to: the version sent, the version each runs, and its sync state
 * (`SYNC_STATES`: pending / error / modified / applied). Command states and the devices' `config_*` events arrive
 * on the live stream, which refreshes this query.
 */
export function TemplateDevicesTab({ row, resource }: TabProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const id = Number(row.id);
  const q = useQuery({
    queryKey: [resource.key, 'devices', id, page],
    queryFn: () => requestData<{ list: TemplateDeviceRow[]; total: number }>(resource.path, { method: 'devices', id, page, size: PAGE_SIZE }, { loading: false, quietSuccess: true }),
    placeholderData: keepPreviousData,
  });
  return (
    <div data-testid="template-devices">
      <Table<TemplateDeviceRow>
        rowKey="device_id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: t('template.devices.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        scroll={{ x: 760 }}
        columns={[
          { title: t('template.devices.serial'), dataIndex: 'serial', width: 170 },
          { title: t('template.devices.model'), dataIndex: 'model', width: 100 },
          { title: t('template.devices.online'), dataIndex: 'online', width: 80, render: (o: number) => (o ? t('template.devices.yes') : t('template.devices.no')) },
          { title: t('template.devices.version'), dataIndex: 'version', width: 90 },
          { title: t('template.devices.applied'), dataIndex: 'applied_version', width: 90 },
          {
            title: t('template.devices.state'), dataIndex: 'state', width: 110,
            render: (s: SyncState, r) => <Tag color={SYNC_STATE_LABELS[s].color} data-testid={`template-device-state-${r.device_id}`}>{SYNC_STATE_LABELS[s][lang]}</Tag>,
          },
          { title: t('template.devices.msg'), dataIndex: 'msg', ellipsis: true, render: (m: string | null) => <Typography.Text type="secondary">{m ?? ''}</Typography.Text> },
        ]}
      />
    </div>
  );
}
