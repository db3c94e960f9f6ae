import { Button } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../store/dialogs';
import { useUserStore } from '../../../store/user';
import '../organization.css';

/** Opens the organisation drawer (SPEC §2 Navbar); shows the current organisation's name on wide screens. */
export function OrganizationButton() {
  const { t } = useTranslation();
  const org = useUserStore((s) => s.info?.org?.name);
  const open = useDialogs((s) => s.open);
  return (
    <Button
      type="text"
      className="gx-navbar-button gx-org-button"
      icon={<ApartmentOutlined />}
      // The visible name starts the accessible one, so speech users can say what they see.
      aria-label={org ? `${org} · ${t('organization.button')}` : t('organization.button')}
      title={org ?? t('organization.button')}
      data-testid="organization-button"
      onClick={() => open('organizations')}
    >
      {org && <span className="gx-org-name">{org}</span>}
    </Button>
  );
}
