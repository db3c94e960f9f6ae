import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField, sortField, STATUS_DISABLED, statusOptions, updatedAtField } from '../common';

/**
 * Website content (SPEC §2 oa, SPEC §7 `/admin/boos/uccn/…`): what the platform's public website shows — home-page
 * banners, advertisements, solutions, customer cases, news and technical articles — written by the platform's
 * operators and published by enabling them. The public site reads the published entries of a kind with the
 * `published` method, which needs no sign-in.
 */
export const WEBSITE_KIND_OPTIONS: readonly OptionDecl[] = [
  { value: 'banner', label: { zh_CN: '首页轮播', en: 'Banner' }, color: 'magenta' },
  { value: 'advertise', label: { zh_CN: '广告位', en: 'Advertisement' }, color: 'volcano' },
  { value: 'scheme', label: { zh_CN: '解决方案', en: 'Solution' }, color: 'blue' },
  { value: 'case', label: { zh_CN: '客户案例', en: 'Customer case' }, color: 'green' },
  { value: 'information', label: { zh_CN: '新闻资讯', en: 'News' }, color: 'cyan' },
  { value: 'technical', label: { zh_CN: '技术文章', en: 'Technical article' }, color: 'purple' },
];

export const WEBSITE_PUBLISHED_MAX = 50;

/** One published entry as the public website reads it. */
export interface WebsiteEntry {
  id: number;
  kind: string;
  title: string;
  summary: string;
  image: string;
  link: string;
  content: string;
  updated_at: string;
}

export const websiteContentResource = declareResource({
  key: 'oa.website',
  path: '/admin/boos/uccn/content',
  title: { zh_CN: '官网内容', en: 'Website content' },
  scope: 'platform',
  fields: {
    id: idField,
    kind: { type: 'select', label: { zh_CN: '栏目', en: 'Section' }, required: true, options: WEBSITE_KIND_OPTIONS, default: 'information' },
    title: { type: 'text', label: { zh_CN: '标题', en: 'Title' }, required: true, max: 120 },
    summary: { type: 'textarea', label: { zh_CN: '摘要', en: 'Summary' }, max: 500 },
    image: {
      type: 'image', label: { zh_CN: '图片地址', en: 'Image URL' },
      help: { zh_CN: '轮播图建议 1920×1080', en: 'Banners: 1920×1080 recommended' },
    },
    link: { type: 'text', label: { zh_CN: '跳转链接', en: 'Link' }, rule: 'httpLink', max: 500 },
    content: { type: 'textarea', label: { zh_CN: '正文', en: 'Body' }, max: 20000 },
    sort: sortField,
    status: {
      type: 'select', label: { zh_CN: '发布状态', en: 'Published' }, editable: 'never', default: STATUS_DISABLED,
      options: statusOptions.map((o) => ({ ...o, label: o.value === 1 ? { zh_CN: '已发布', en: 'Published' } : { zh_CN: '未发布', en: 'Draft' } })),
    },
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'title', width: 240, ellipsis: true, priority: 1 },
      { field: 'kind', width: 130, priority: 1 },
      { field: 'image', width: 110, render: 'image', priority: 3 },
      { field: 'sort', width: 90, sortable: true },
      { field: 'status', width: 110, priority: 1 },
      { field: 'updated_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'kind', kind: 'eq' }, { field: 'status', kind: 'eq' }, { field: 'title', kind: 'prefix' }],
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['kind', 'title', 'image', 'link', 'sort', 'summary', 'content'] }] },
  actions: [
    {
      name: 'enable', label: { zh_CN: '发布', en: 'Publish' }, placement: 'both',
      transition: { field: 'status', from: [0], to: 1 },
      confirm: { zh_CN: '发布后官网即可看到所选内容，确定发布吗？', en: 'The selected entries appear on the website. Publish?' },
    },
    {
      name: 'disable', label: { zh_CN: '撤下', en: 'Unpublish' }, placement: 'both', danger: true,
      transition: { field: 'status', from: [1], to: 0 },
      confirm: { zh_CN: '确定从官网撤下所选内容吗？', en: 'Take the selected entries off the website?' },
    },
  ],
  picker: { label: ['title'], search: ['title'] },
  io: { export: ['id', 'kind', 'title', 'summary', 'image', 'link', 'sort', 'status', 'updated_at'] },
  example: { kind: 'information', title: 'Cloud AP 6 released', summary: 'Wi-Fi 7 for hotels', link: 'https://example.com/news/ap6' },
});
