import { defineArea } from '../types';

/** SPEC §2 consult. */
export const consultArea = defineArea({
  key: 'consult',
  order: 30,
  title: { zh_CN: '资讯管理', en: 'Consult' },
  icon: 'ReadOutlined',
  pages: [
    {
      key: 'article', path: 'article', title: { zh_CN: '文章管理', en: 'Articles' }, resource: 'consult.article',
      permissions: [
        { key: 'consult.article.upload_image', label: { zh_CN: '文章管理 · 上传图片', en: 'Articles · Upload images' } },
        { key: 'consult.article.published', label: { zh_CN: '文章管理 · 已发布文章', en: 'Articles · Published articles' } },
      ],
    },
    { key: 'classification', path: 'classification', title: { zh_CN: '分类管理', en: 'Classification' }, resource: 'consult.classification' },
  ],
});
