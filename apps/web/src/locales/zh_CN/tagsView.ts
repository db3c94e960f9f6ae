const tagsView = {
  refresh: '刷新',
  close: '关闭',
  closeOthers: '关闭其他',
  scrollLeft: '向左滚动标签',
  scrollRight: '向右滚动标签',
  closeAll: '关闭所有',
};
export default tagsView;
