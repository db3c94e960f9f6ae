const dashboard = {
  welcome: '欢迎回来，{{name}}',
  organisation: '当前组织',
  noOrganisation: '未加入组织',
  roles: '角色',
  noRoles: '暂无角色',
  lastLogin: '上次登录',
  lastLoginNever: '首次登录',
  lastLoginFrom: '{{time}}，来自 {{ip}}',
  areas: '我的功能区',
  areasEmpty: '暂无可用的功能区，请联系管理员分配权限',
  pageCount: '{{count}} 个页面',
};
export default dashboard;
