import { defineArea } from '../types';

/** The home page: a top-level entry, always open, pinned as the first tab. */
export const dashboardArea = defineArea({
  key: 'dashboard',
  order: 0,
  title: { zh_CN: '首页', en: 'Dashboard' },
  icon: 'DashboardOutlined',
  kind: 'root',
  pages: [
    { key: 'dashboard', path: '/dashboard', title: { zh_CN: '首页', en: 'Dashboard' }, icon: 'DashboardOutlined', affix: true, hidden: true, custom: true },
  ],
});
