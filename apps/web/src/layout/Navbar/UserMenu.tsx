import { Avatar, Dropdown, type MenuProps } from 'antd';
import {
  ClearOutlined,
  DashboardOutlined,
  IdcardOutlined,
  KeyOutlined,
  LayoutOutlined,
  LogoutOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../api/feedback';
import { useCan } from '../../components/Can';
import { DASHBOARD_PATH } from '../../config/constants';
import { endSession } from '../../router/endSession';
import { useDialogs } from '../../store/dialogs';
import { useUserStore } from '../../store/user';
import { clearCache } from '../../utils/clearCache';

/** A dialog is offered only to whoever may make every call it needs: read and save the branding, pick and hand over. */
const PAGE_CONFIG_KEYS = ['system.domain_config.detail', 'system.domain_config.form'] as const;
const SUCCESSION_KEYS = ['system.user.succession', 'system.webmaster.form_select'] as const;

/**
 * The user menu (SPEC §2): dashboard, personal data, clear cache, change password, page configuration (custom-domain
 * deployments only), leave inheritance (administrators only: platform administrators, and organisation
 * administrators granted the handover), log out.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const open = useDialogs((s) => s.open);
  const name = useUserStore((s) => s.name);
  const avatar = useUserStore((s) => s.avatar);
  const customDomain = useUserStore((s) => s.domaindata?.domain_oem === 1);
  const canAll = (keys: readonly string[]) => keys.every((k) => can(k));

  const items: MenuProps['items'] = [
    { key: 'dashboard', icon: <DashboardOutlined />, label: t('navbar.dashboard') },
    { key: 'personalData', icon: <IdcardOutlined />, label: t('navbar.personalData') },
    { key: 'clearCache', icon: <ClearOutlined />, label: t('navbar.clearCache') },
    { key: 'changePassword', icon: <KeyOutlined />, label: t('navbar.changePassword') },
    ...(customDomain && canAll(PAGE_CONFIG_KEYS) ? [{ key: 'pageConfig', icon: <LayoutOutlined />, label: t('navbar.pageConfig') }] : []),
    ...(canAll(SUCCESSION_KEYS) ? [{ key: 'succession', icon: <UserSwitchOutlined />, label: t('navbar.succession') }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('navbar.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'dashboard') navigate(DASHBOARD_PATH);
    if (key === 'personalData') open('personalData', { forced: false });
    if (key === 'changePassword') open('changePassword');
    if (key === 'pageConfig') open('pageConfig');
    if (key === 'succession') open('succession');
    if (key === 'clearCache') {
      clearCache(queryClient);
      toast('success', t('navbar.clearCacheSuccess'));
    }
    if (key === 'logout') void endSession();
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
      <button type="button" className="gx-user-trigger" aria-label={`${name} · ${t('navbar.userMenu')}`} data-testid="user-menu">
        <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} />
        <span className="gx-user-name">{name}</span>
      </button>
    </Dropdown>
  );
}
