import { Space, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../../components/Can';
import { fetchApprovalSetting, saveApprovalSetting } from '../api';

const KEY = ['upgrade.campaign', 'approval_setting'] as const;

/**
 * The organisation's `campaign_approval`: shown to everyone on the campaign page, switched by holders of
 * `upgrade.campaign.settings` (the server checks it too).
 */
export function ApprovalSetting() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const mayChange = useCan()('upgrade.campaign.settings');
  const q = useQuery({ queryKey: KEY, queryFn: fetchApprovalSetting });
  const save = useMutation({
    mutationFn: saveApprovalSetting,
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
  return (
    <Space style={{ marginBottom: 12 }}>
      <Tooltip title={t('upgrade.campaign.approvalHint')}>
        <Typography.Text>{t('upgrade.campaign.approval')}</Typography.Text>
      </Tooltip>
      <Switch
        aria-label={t('upgrade.campaign.approval')}
        checked={q.data?.campaign_approval === 1}
        loading={q.isLoading || save.isPending}
        disabled={!mayChange}
        onChange={(on) => save.mutate(on)}
        data-testid="campaign-approval-switch"
      />
    </Space>
  );
}
