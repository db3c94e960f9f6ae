/** The area overview page shown for menu pages whose screens are not built yet. */
const area = {
  inSection: '所属功能区：{{section}}',
  comingSoon: '该功能区的页面正在建设中，即将上线。',
  siblings: '本功能区的页面',
  noSiblings: '本功能区暂无其他页面',
  filter: '筛选页面',
  noMatch: '没有匹配的页面',
  current: '当前',
};
export default area;
