import { defineArea } from '../types';

/** The website's sections (SPEC §7 `/admin/boos/uccn/<kind>`): each a page, with its image upload and, for articles, Word import. */
const section = (kind: string, zh: string, en: string, body: boolean) => ({
  key: kind, path: kind, title: { zh_CN: zh, en }, resource: `oa.${kind}`,
  permissions: [
    { key: `oa.${kind}.upload_image`, label: { zh_CN: `${zh} · 上传图片`, en: `${en} · Upload images` } },
    ...(body ? [{ key: `oa.${kind}.import_word`, label: { zh_CN: `${zh} · 导入 Word`, en: `${en} · Import Word` } }] : []),
  ],
});

const websitePages = [
  section('banner', '首页轮播', 'Banners', false),
  section('advertise', '广告位', 'Advertisements', false),
  section('scheme', '解决方案', 'Solutions', true),
  section('case', '客户案例', 'Customer cases', true),
  section('information', '新闻资讯', 'News', true),
  section('technical', '技术文章', 'Technical articles', true),
  section('text', '单页文本', 'Website pages', true),
];

/** SPEC §2 oa. */
export const oaArea = defineArea({
  key: 'oa',
  order: 40,
  title: { zh_CN: '运营管理', en: 'Operations' },
  icon: 'GlobalOutlined',
  pages: [
    ...websitePages,
    { key: 'technicalType', path: 'technical-type', title: { zh_CN: '技术分类', en: 'Technical categories' }, resource: 'oa.technical_type' },
    {
      key: 'media', path: 'media', title: { zh_CN: '媒体库', en: 'Media library' }, resource: 'oa.media',
      permissions: [{ key: 'oa.media.upload', label: { zh_CN: '媒体库 · 上传', en: 'Media library · Upload' } }],
    },
    {
      key: 'pictureBook', path: 'picture-book', title: { zh_CN: '图册', en: 'Picture book' }, resource: 'oa.picture_book',
      permissions: [{ key: 'oa.picture_book.upload_image', label: { zh_CN: '图册 · 上传图片', en: 'Picture book · Upload images' } }],
    },
    {
      key: 'prize', path: 'prize', title: { zh_CN: '奖品设置', en: 'Prize settings' }, resource: 'marketing.prize_settings',
      permissions: [{ key: 'marketing.prize_settings.prizes', label: { zh_CN: '奖品设置 · 编辑奖品', en: 'Prize settings · Edit prizes' } }],
    },
    { key: 'prizeWin', path: 'prize-win', title: { zh_CN: '中奖记录', en: 'Prize winners' }, resource: 'marketing.prize_win' },
    { key: 'invitation', path: 'invitation', title: { zh_CN: '邀请统计', en: 'Invitation statistics' }, resource: 'marketing.invitation' },
    { key: 'suggestion', path: 'suggestion', title: { zh_CN: '投诉建议', en: 'Suggestions' }, resource: 'oa.suggestion' },
  ],
});
