import { lazy, Suspense, useEffect } from 'react';
import { Layout } from 'antd';
import { useLocation } from 'react-router';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../config/constants';
import { useAppStore } from '../../store/app';
import { useSettingsStore } from '../../store/settings';
import { SidebarLogo } from './SidebarLogo';
import { SidebarMenu } from './SidebarMenu';
import './sidebar.css';

const MobileSidebar = lazy(() => import('./MobileSidebar'));

/** Desktop: a 210px sider that collapses to icons. Mobile (< 992px): a drawer that closes on route change. */
export function Sidebar() {
  const mobile = useAppStore((s) => s.device === 'mobile');
  const opened = useAppStore((s) => s.sidebar.opened);
  const showLogo = useSettingsStore((s) => s.sidebarLogo);
  const { pathname } = useLocation();

  useEffect(() => {
    if (mobile && useAppStore.getState().sidebar.opened) useAppStore.getState().closeSidebar(false);
  }, [pathname, mobile]);

  if (mobile) {
    return (
      <Suspense fallback={null}>
        <MobileSidebar />
      </Suspense>
    );
  }
  return (
    <Layout.Sider
      className="gx-sidebar gx-sidebar-fixed"
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={!opened}
      trigger={null}
      theme="dark"
      data-testid="sidebar"
    >
      {showLogo && <SidebarLogo collapsed={!opened} />}
      <SidebarMenu collapsed={!opened} />
    </Layout.Sider>
  );
}
