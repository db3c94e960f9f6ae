/** The area overview, shown for a menu entry whose component no console page answers (a menu an administrator added). */
const area = {
  inSection: '所属功能区：{{section}}',
  unbound: '控制台中没有与此菜单项对应的页面（组件键“{{component}}”）。管理员可在“权限管理”中修改它的组件键。',
  unboundEmpty: '此菜单项没有组件键。管理员可在“权限管理”中为它填写。',
  siblings: '本功能区的页面',
  noSiblings: '本功能区暂无其他页面',
  filter: '筛选页面',
  noMatch: '没有匹配的页面',
  current: '当前',
};
export default area;
