import type zh from '../zh_CN/tagsView';

export default {
  refresh: 'Refresh',
  close: 'Close',
  closeOthers: 'Close others',
  scrollLeft: 'Scroll tabs left',
  scrollRight: 'Scroll tabs right',
  closeAll: 'Close all',
} satisfies typeof zh;
