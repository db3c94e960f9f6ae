import { defineArea } from '../types';
import { DC_DASHBOARD_KEY } from '../../dc/callStats';

/** SPEC §2 dc. */
export const dcArea = defineArea({
  key: 'dc',
  order: 80,
  title: { zh_CN: '开发者服务', en: 'Developer services' },
  icon: 'ApiOutlined',
  pages: [
    { key: 'services', path: 'services', title: { zh_CN: '我的服务', en: 'My services' }, resource: 'dc.service' },
    { key: 'audit', path: 'audit', title: { zh_CN: '服务审核', en: 'Service audit' }, resource: 'dc.audit' },
    {
      key: 'dashboard', path: 'dashboard', title: { zh_CN: '开发者仪表盘', en: 'Developer dashboard' }, icon: 'BarChartOutlined', custom: true,
      permissions: [{ key: DC_DASHBOARD_KEY, label: { zh_CN: '开发者仪表盘 · 查看', en: 'Developer dashboard · View' } }],
    },
  ],
});
