import type zh from '../zh_CN/pwa';

export default {
  newVersion: 'New version found, click Update',
  update: 'Update',
} satisfies typeof zh;
