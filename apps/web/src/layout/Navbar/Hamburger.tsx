import { Button } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../store/app';

export function Hamburger() {
  const { t } = useTranslation();
  const opened = useAppStore((s) => s.sidebar.opened);
  const toggle = useAppStore((s) => s.toggleSidebar);
  return (
    <Button
      type="text"
      className="gx-navbar-button"
      icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      onClick={toggle}
      aria-label={t('navbar.toggleSidebar')}
      aria-expanded={opened}
      data-testid="hamburger"
    />
  );
}
