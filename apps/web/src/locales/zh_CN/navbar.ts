const navbar = {
  toggleSidebar: '展开/收起侧边栏',
  search: '搜索菜单',
  searchEmpty: '没有匹配的菜单',
  dashboard: '首页',
  clearCache: '清除缓存',
  clearCacheSuccess: '缓存已清除',
  logout: '退出登录',
  userMenu: '用户菜单',
  admin: '管理员',
};
export default navbar;
