import { Avatar, Dropdown, type MenuProps } from 'antd';
import { ClearOutlined, DashboardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../api/feedback';
import { DASHBOARD_PATH } from '../../config/constants';
import { endSession } from '../../router/endSession';
import { useUserStore } from '../../store/user';
import { clearCache } from '../../utils/clearCache';

/**
 * The user menu (SPEC §2): dashboard, clear cache, log out. Personal data, change password, page configuration and
 * leave inheritance join it when their server calls exist.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = useUserStore((s) => s.name);
  const avatar = useUserStore((s) => s.avatar);

  const items: MenuProps['items'] = [
    { key: 'dashboard', icon: <DashboardOutlined />, label: t('navbar.dashboard') },
    { key: 'clearCache', icon: <ClearOutlined />, label: t('navbar.clearCache') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('navbar.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'dashboard') navigate(DASHBOARD_PATH);
    if (key === 'clearCache') {
      clearCache(queryClient);
      toast('success', t('navbar.clearCacheSuccess'));
    }
    if (key === 'logout') void endSession();
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
      <button type="button" className="gx-user-trigger" aria-label={t('navbar.userMenu')} data-testid="user-menu">
        <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} />
        <span className="gx-user-name">{name}</span>
      </button>
    </Dropdown>
  );
}
