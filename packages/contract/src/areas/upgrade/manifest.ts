import { defineArea } from '../types';

/** SPEC §2 upgrade: firmware packages and upgrade campaigns, both declared with their resources (`resources/upgrade`). */
export const upgradeArea = defineArea({
  key: 'upgrade',
  order: 20,
  title: { zh_CN: '升级管理', en: 'Upgrades' },
  icon: 'CloudUploadOutlined',
  pages: [],
});
