import { Alert, Button, Space } from 'antd';
import { PlusOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../store/dialogs';

/**
 * What someone who belongs to no organisation yet (a new registration, or someone who left every one) does next:
 * join one with its invitation code, or create one — the organisation drawer's two dialogs, offered where they land.
 */
export function NoOrganisation() {
  const { t } = useTranslation();
  const open = useDialogs((s) => s.open);
  return (
    <Alert
      type="info"
      showIcon
      className="gx-dash-no-org"
      data-testid="dashboard-no-organisation"
      title={t('dashboard.noOrgTitle')}
      // The buttons sit under the text (not beside it), so a phone keeps the text readable.
      description={
        <>
          <p className="gx-dash-no-org-text">{t('dashboard.noOrgText')}</p>
          <Space wrap>
            <Button type="primary" icon={<UsergroupAddOutlined />} onClick={() => open('joinOrganization')} data-testid="dashboard-join">
              {t('organization.join')}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => open('createOrganization')} data-testid="dashboard-create">
              {t('organization.create')}
            </Button>
          </Space>
        </>
      }
    />
  );
}
