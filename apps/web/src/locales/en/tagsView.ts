import type zh from '../zh_CN/tagsView';

export default {
  refresh: 'Refresh',
  close: 'Close',
  closeOthers: 'Close others',
  closeAll: 'Close all',
} satisfies typeof zh;
