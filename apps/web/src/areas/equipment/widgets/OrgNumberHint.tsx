import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../api/queries';

/**
 * The current organisation's number (its id), which another organisation enters to transfer or share a device
 * with it; shown above the transfer and share lists.
 */
export function OrgNumberHint() {
  const { t } = useTranslation();
  const or = useProfile().data?.or;
  if (!or) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="org-number"
      title={(
        <span>
          {t('device.orgNumber.label', { name: or.name })} <Typography.Text strong copyable>{String(or.o_id)}</Typography.Text>
        </span>
      )}
      description={t('device.orgNumber.hint')}
    />
  );
}
