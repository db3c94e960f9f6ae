import { defineArea } from '../types';

/** SPEC §2 marketing: packages, operating unit prices and operation orders (prizes and invitations are oa pages). */
export const marketingArea = defineArea({
  key: 'marketing',
  order: 50,
  title: { zh_CN: '营销管理', en: 'Marketing' },
  icon: 'GiftOutlined',
  pages: [
    { key: 'package', path: 'package', title: { zh_CN: '套餐管理', en: 'Packages' }, resource: 'marketing.package' },
    { key: 'unitPrice', path: 'unit-price', title: { zh_CN: '运营单价', en: 'Operating unit prices' }, resource: 'marketing.unit_price' },
    { key: 'order', path: 'order', title: { zh_CN: '运营订单', en: 'Operation orders' }, resource: 'marketing.order' },
  ],
});
