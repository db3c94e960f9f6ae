import { defineArea } from '../types';

/** SPEC §2 dc. */
export const dcArea = defineArea({
  key: 'dc',
  order: 80,
  title: { zh_CN: '开发者服务', en: 'Developer services' },
  icon: 'ApiOutlined',
  pages: [
    { key: 'services', path: 'services', title: { zh_CN: '我的服务', en: 'My services' }, resource: 'dc.service' },
    { key: 'audit', path: 'audit', title: { zh_CN: '服务审核', en: 'Service audit' }, resource: 'dc.audit' },
  ],
});
