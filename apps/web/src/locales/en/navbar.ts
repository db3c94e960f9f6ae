import type zh from '../zh_CN/navbar';

export default {
  toggleSidebar: 'Toggle sidebar',
  search: 'Search menus',
  searchEmpty: 'No matching menu',
  dashboard: 'Dashboard',
  clearCache: 'Clear cache',
  clearCacheSuccess: 'Cache cleared',
  logout: 'Log out',
  userMenu: 'User menu',
  admin: 'Administrator',
} satisfies typeof zh;
