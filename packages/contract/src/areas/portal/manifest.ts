import { defineArea } from '../types';

/**
 * SPEC §2 portal (value-added service): portal settings, SMS (declared with its resource,
 * `resources/portal/smsTemplate.ts`), advertising, the WeChat menu and the register of authorised agents
 * (`resources/portal/agent.ts`).
 */
export const portalArea = defineArea({
  key: 'portal',
  order: 70,
  title: { zh_CN: '认证门户', en: 'Portal' },
  icon: 'WifiOutlined',
  pages: [
    { key: 'settings', path: 'settings', title: { zh_CN: '门户设置', en: 'Portal settings' }, resource: 'portal.settings' },
    {
      key: 'wechatMenu', path: 'wechat-menu', title: { zh_CN: '微信菜单', en: 'WeChat menu' }, custom: true,
      permissions: [
        { key: 'portal.wechat_menu.detail', label: { zh_CN: '微信菜单 · 查看', en: 'WeChat menu · View' } },
        { key: 'portal.wechat_menu.save', label: { zh_CN: '微信菜单 · 保存', en: 'WeChat menu · Save' } },
        { key: 'portal.wechat_menu.publish', label: { zh_CN: '微信菜单 · 发布', en: 'WeChat menu · Publish' } },
      ],
    },
    {
      key: 'advertising', path: 'advertising', title: { zh_CN: '广告管理', en: 'Advertising' }, resource: 'portal.advert',
      permissions: [{ key: 'portal.advert.upload', label: { zh_CN: '广告管理 · 上传图片', en: 'Advertising · Upload images' } }],
    },
  ],
});
