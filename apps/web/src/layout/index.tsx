import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { requestMessageHost } from '../api/feedback';
import { queryClient } from '../api/queryClient';
import { useLiveStream } from '../api/liveStream';
import { AntdProvider } from '../components/AntdProvider';
import { UpdateCard } from '../components/UpdateCard';
import '../locales/dayjs';
import { useAppStore } from '../store/app';
import { useSettingsStore } from '../store/settings';
import { AppMain } from './AppMain';
import { Navbar } from './Navbar';
import { ShellDialogs } from './ShellDialogs';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { useVisitedViews } from './TagsView/useVisitedViews';
import { useProfileCompleteness } from '../areas/profile/useProfileCompleteness';
import { useResponsive } from './useResponsive';
import { VersionBanner } from './VersionBanner';
import './layout.css';

function Shell() {
  useResponsive();
  useVisitedViews();
  useProfileCompleteness();
  // Device presence, command states and the unread count arrive live on every page.
  useLiveStream();
  // Toasts are likely from here on; have the message host ready.
  useEffect(requestMessageHost, []);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const tagsView = useSettingsStore((s) => s.tagsView);
  const fixedHeader = useSettingsStore((s) => s.fixedHeader);

  return (
    <div className={mobile ? 'gx-layout gx-mobile' : 'gx-layout'} data-testid="layout">
      <Sidebar />
      <div className="gx-main">
        <div className={fixedHeader ? 'gx-header gx-header-fixed' : 'gx-header'} data-testid="header">
          <VersionBanner />
          <Navbar />
          {tagsView && <TagsView />}
        </div>
        <AppMain />
      </div>
      <ShellDialogs />
      <UpdateCard />
    </div>
  );
}

/** The main layout (SPEC §2): sidebar, navbar, tab strip and main area, with the shell's dialogs. */
export default function Layout() {
  return (
    <AntdProvider>
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    </AntdProvider>
  );
}
