import { Drawer } from 'antd';
import { SIDEBAR_WIDTH } from '../../config/constants';
import { useAppStore } from '../../store/app';
import { useSettingsStore } from '../../store/settings';
import { SidebarLogo } from './SidebarLogo';
import { SidebarMenu } from './SidebarMenu';
import './sidebar.css';

/** Below 992px the sidebar is a drawer (SPEC §2 Responsive); loaded only on small screens. */
export default function MobileSidebar() {
  const opened = useAppStore((s) => s.sidebar.opened);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const showLogo = useSettingsStore((s) => s.sidebarLogo);
  return (
    <Drawer
      placement="left"
      open={opened}
      onClose={() => closeSidebar(false)}
      size={SIDEBAR_WIDTH}
      closable={false}
      className="gx-sidebar-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <nav className="gx-sidebar" data-testid="sidebar">
        {showLogo && <SidebarLogo collapsed={false} />}
        <SidebarMenu collapsed={false} />
      </nav>
    </Drawer>
  );
}
