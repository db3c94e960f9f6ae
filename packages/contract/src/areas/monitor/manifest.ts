import { defineArea } from '../types';

const view = (key: string) => [{ key, label: { zh_CN: '查看大屏', en: 'View screen' } }] as const;

/** SPEC §2 monitor: the standalone big screens (issue 16), each granted with its page's `view` button. */
export const monitorArea = defineArea({
  key: 'monitor',
  order: 90,
  title: { zh_CN: '监控大屏', en: 'Monitoring' },
  icon: 'FundProjectionScreenOutlined',
  pages: [
    {
      key: 'bigdata', path: '/screenhome', title: { zh_CN: '大数据大屏', en: 'Big data screen' }, external: true,
      permissions: view('monitor.bigdata.view'),
    },
    { key: 'tv', path: '/tvscreenhome', title: { zh_CN: '电视大屏', en: 'TV screen' }, external: true, permissions: view('monitor.tv.view') },
    {
      key: 'sdwan', path: '/SD_WAN_Largescreen', title: { zh_CN: 'SD-WAN 大屏', en: 'SD-WAN screen' }, external: true,
      permissions: view('monitor.sdwan.view'),
    },
  ],
});
