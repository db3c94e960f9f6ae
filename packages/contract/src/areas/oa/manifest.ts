import { defineArea } from '../types';

/** SPEC §2 oa. */
export const oaArea = defineArea({
  key: 'oa',
  order: 40,
  title: { zh_CN: '运营管理', en: 'Operations' },
  icon: 'GlobalOutlined',
  pages: [
    { key: 'website', path: 'website', title: { zh_CN: '官网内容', en: 'Website content' }, resource: 'oa.website' },
    {
      key: 'prize', path: 'prize', title: { zh_CN: '奖品设置', en: 'Prize settings' }, resource: 'marketing.prize_settings',
      permissions: [{ key: 'marketing.prize_settings.prizes', label: { zh_CN: '奖品设置 · 编辑奖品', en: 'Prize settings · Edit prizes' } }],
    },
    { key: 'prizeWin', path: 'prize-win', title: { zh_CN: '中奖记录', en: 'Prize winners' }, resource: 'marketing.prize_win' },
    { key: 'invitation', path: 'invitation', title: { zh_CN: '邀请统计', en: 'Invitation statistics' }, resource: 'marketing.invitation' },
    { key: 'suggestion', path: 'suggestion', title: { zh_CN: '投诉建议', en: 'Suggestions' }, resource: 'oa.suggestion' },
  ],
});
