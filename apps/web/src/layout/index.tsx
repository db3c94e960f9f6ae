import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { requestMessageHost } from '../api/feedback';
import { queryClient } from '../api/queryClient';
import { AntdProvider } from '../components/AntdProvider';
import { UpdateCard } from '../components/UpdateCard';
import '../locales/dayjs';
import { useAppStore } from '../store/app';
import { useSettingsStore } from '../store/settings';
import { AppMain } from './AppMain';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { useVisitedViews } from './TagsView/useVisitedViews';
import { useResponsive } from './useResponsive';
import './layout.css';

/** The main layout (SPEC §2): sidebar, navbar, tab strip and main area. */
export default function Layout() {
  useResponsive();
  useVisitedViews();
  // Toasts are likely from here on; have the message host ready.
  useEffect(requestMessageHost, []);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const tagsView = useSettingsStore((s) => s.tagsView);
  const fixedHeader = useSettingsStore((s) => s.fixedHeader);

  return (
    <AntdProvider>
      <QueryClientProvider client={queryClient}>
        <div className={mobile ? 'gx-layout gx-mobile' : 'gx-layout'} data-testid="layout">
          <Sidebar />
          <div className="gx-main">
            <div className={fixedHeader ? 'gx-header gx-header-fixed' : 'gx-header'}>
              <Navbar />
              {tagsView && <TagsView />}
            </div>
            <AppMain />
          </div>
          <UpdateCard />
        </div>
      </QueryClientProvider>
    </AntdProvider>
  );
}
