import { declareResource, type ActionDecl, type FieldDecl, type Label, type ResourceDecl } from '../types';
import { createdAtField, idField, sortField, STATUS_DISABLED, statusOptions, updatedAtField } from '../common';

/**
 * The public website's content (SPEC §2 oa, SPEC §7 `/admin/boos/uccn/…`): home-page banners, advertisements,
 * solutions, customer cases, news and technical articles — one endpoint family each, written by the platform's
 * operators, ordered, published by hand and optionally shown only within a window (`publish_at`…`unpublish_at`).
 * The public site reads a section's live entries with `published`, which needs no sign-in.
 */
export const WEBSITE_SECTIONS = ['banner', 'advertise', 'scheme', 'case', 'information', 'technical'] as const;
export type WebsiteSection = (typeof WEBSITE_SECTIONS)[number];

export const WEBSITE_PUBLISHED_MAX = 50;

/** Whether the public website shows an entry; changed only by the publish/unpublish actions, each logged. */
export const publishStatusField: FieldDecl = {
  type: 'select', label: { zh_CN: '发布状态', en: 'Published' }, editable: 'never', default: STATUS_DISABLED,
  options: statusOptions.map((o) => ({ ...o, label: o.value === 1 ? { zh_CN: '已发布', en: 'Published' } : { zh_CN: '未发布', en: 'Draft' } })),
};

export const publishActions: ActionDecl<'status'>[] = [
  {
    name: 'enable', label: { zh_CN: '发布', en: 'Publish' }, placement: 'both',
    transition: { field: 'status', from: [0], to: 1 },
    confirm: { zh_CN: '发布后官网即可看到所选内容（设置了上线时间的到时显示），确定发布吗？', en: 'The selected entries appear on the website (at their start time, where one is set). Publish?' },
  },
  {
    name: 'disable', label: { zh_CN: '撤下', en: 'Unpublish' }, placement: 'both', danger: true,
    transition: { field: 'status', from: [1], to: 0 },
    confirm: { zh_CN: '确定从官网撤下所选内容吗？', en: 'Take the selected entries off the website?' },
  },
];

/** What the website shows of an entry right now: a draft, published and live, waiting for its start, or over. */
export const WEBSITE_LIVE_OPTIONS = [
  { value: 'draft', label: { zh_CN: '草稿', en: 'Draft' }, color: 'default' },
  { value: 'scheduled', label: { zh_CN: '待上线', en: 'Scheduled' }, color: 'gold' },
  { value: 'live', label: { zh_CN: '展示中', en: 'Live' }, color: 'green' },
  { value: 'ended', label: { zh_CN: '已下线', en: 'Ended' }, color: 'volcano' },
] as const;

interface SectionSpec {
  title: Label;
  /** The recommended picture size (SPEC §9) and whether the entry needs one. */
  image: { help: Label; required: boolean };
  /** A rich-text body (an article page), or only a picture with a link (a banner, an ad slot). */
  body: boolean;
  example: Record<string, unknown>;
}

const IMAGE_RULE = { zh_CN: '支持 JPG、PNG、GIF，不超过 10MB', en: 'JPG, PNG or GIF up to 10 MB' };
const sized = (zh: string, en: string): Label => ({ zh_CN: `${IMAGE_RULE.zh_CN}；${zh}`, en: `${IMAGE_RULE.en}; ${en}` });

export const WEBSITE_SECTION_SPECS: Record<WebsiteSection, SectionSpec> = {
  banner: {
    title: { zh_CN: '首页轮播', en: 'Banners' }, body: false,
    image: { help: sized('轮播图建议 1920×1080', 'banners: 1920×1080 recommended'), required: true },
    example: { title: 'Wi-Fi 7 for hotels', image: '/uploads/1/AAAAAAAAAAAAAAAAAAAAAA.png', link: 'https://example.com/wifi7' },
  },
  advertise: {
    title: { zh_CN: '广告位', en: 'Advertisements' }, body: false,
    image: { help: sized('建议 1920×1080 或按广告位比例', '1920×1080 or the slot\'s ratio recommended'), required: true },
    example: { title: 'Spring offer', image: '/uploads/1/AAAAAAAAAAAAAAAAAAAAAA.png', link: 'https://example.com/offer' },
  },
  scheme: {
    title: { zh_CN: '解决方案', en: 'Solutions' }, body: true,
    image: { help: sized('封面建议 1920×1080', 'cover: 1920×1080 recommended'), required: false },
    example: { title: 'Hotel Wi-Fi', summary: 'Guest Wi-Fi with captive portal', content: '<p>Cloud APs and a portal.</p>' },
  },
  case: {
    title: { zh_CN: '客户案例', en: 'Customer cases' }, body: true,
    image: { help: sized('封面建议 1920×1080', 'cover: 1920×1080 recommended'), required: false },
    example: { title: 'Harbour Hotel', summary: '320 rooms on FTTR', content: '<p>Every room on fibre.</p>' },
  },
  information: {
    title: { zh_CN: '新闻资讯', en: 'News' }, body: true,
    image: { help: sized('封面建议 1920×1080', 'cover: 1920×1080 recommended'), required: false },
    example: { title: 'Cloud AP 6 released', summary: 'Wi-Fi 7 for hotels', content: '<p>Available now.</p>' },
  },
  technical: {
    title: { zh_CN: '技术文章', en: 'Technical articles' }, body: true,
    image: { help: sized('封面建议 1920×1080', 'cover: 1920×1080 recommended'), required: false },
    example: { title: 'Roaming thresholds explained', technical_type_id: 1, summary: 'From -100 to -60 dBm', content: '<p>How APs hand over.</p>' },
  },
};

export const WEBSITE_BODY_MAX = 200_000;

function sectionDecl(kind: WebsiteSection): ResourceDecl {
  const spec = WEBSITE_SECTION_SPECS[kind];
  const typed = kind === 'technical';
  const fields: Record<string, FieldDecl> = {
    id: idField,
    title: { type: 'text', label: { zh_CN: '标题', en: 'Title' }, required: true, max: 120 },
    ...(typed ? { technical_type_id: { type: 'ref', label: { zh_CN: '技术分类', en: 'Category' }, required: true, ref: { resource: 'oa.technical_type' } } } : {}),
    summary: { type: 'textarea', label: { zh_CN: '摘要', en: 'Summary' }, max: 500 },
    image: {
      type: 'image', label: spec.body ? { zh_CN: '封面', en: 'Cover' } : { zh_CN: '图片', en: 'Image' }, required: spec.image.required,
      upload: 'upload_image', max: 2048, help: spec.image.help,
    },
    link: { type: 'text', label: { zh_CN: '跳转链接', en: 'Link' }, rule: 'httpLink', max: 500 },
    ...(spec.body ? {
      content: { type: 'richtext', label: { zh_CN: '正文', en: 'Body' }, max: WEBSITE_BODY_MAX, upload: 'upload_image', wordImport: 'import_word', default: '' },
    } : {}),
    sort: sortField,
    status: publishStatusField,
    publish_at: {
      type: 'datetime', label: { zh_CN: '上线时间', en: 'Show from' },
      help: { zh_CN: '留空：发布即上线', en: 'Empty: as soon as it is published' },
    },
    unpublish_at: {
      type: 'datetime', label: { zh_CN: '下线时间', en: 'Show until' },
      help: { zh_CN: '留空：一直展示，直到撤下', en: 'Empty: until it is unpublished' },
    },
    live: { type: 'select', label: { zh_CN: '展示状态', en: 'On the website' }, options: WEBSITE_LIVE_OPTIONS, editable: 'never' },
    created_at: createdAtField,
    updated_at: updatedAtField,
  };
  const formFields = ['title', ...(typed ? ['technical_type_id'] : []), 'image', 'link', 'sort', 'publish_at', 'unpublish_at', 'summary', ...(spec.body ? ['content'] : [])];
  return {
    key: `oa.${kind}`,
    path: `/admin/boos/uccn/${kind}`,
    title: spec.title,
    scope: 'platform',
    fields,
    operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
    list: {
      columns: [
        { field: 'title', width: 240, ellipsis: true, priority: 1 },
        ...(typed ? [{ field: 'technical_type_id', width: 150, render: 'refLabel' }] : []),
        { field: 'image', width: 110, render: 'image', priority: 3 },
        { field: 'sort', width: 90, sortable: true },
        { field: 'status', width: 110, priority: 1 },
        { field: 'live', width: 110, priority: 1 },
        { field: 'publish_at', width: 180, sortable: true, priority: 3 },
        { field: 'unpublish_at', width: 180, priority: 3 },
        { field: 'updated_at', width: 180, sortable: true, priority: 3 },
      ],
      filters: [
        { field: 'status', kind: 'eq' }, { field: 'title', kind: 'prefix' },
        ...(typed ? [{ field: 'technical_type_id', kind: 'eq' as const }] : []),
      ],
      defaultSort: { field: 'sort', order: 'asc' },
    },
    form: { columns: spec.body ? 1 : 2, sections: [{ fields: formFields }] },
    detail: {
      sections: [{ fields: ['title', ...(typed ? ['technical_type_id'] : []), 'status', 'live', 'publish_at', 'unpublish_at', 'link', 'sort', 'updated_at'] }],
      tabs: [{ key: 'websitePreview', title: { zh_CN: '预览', en: 'Preview' } }],
    },
    actions: publishActions,
    picker: { label: ['title'], search: ['title'] },
    io: { export: ['id', 'title', ...(typed ? ['technical_type_id'] : []), 'summary', 'image', 'link', 'sort', 'status', 'publish_at', 'unpublish_at', 'updated_at'] },
    example: spec.example,
  };
}

export const websiteBannerResource = declareResource(sectionDecl('banner'));
export const websiteAdvertiseResource = declareResource(sectionDecl('advertise'));
export const websiteSchemeResource = declareResource(sectionDecl('scheme'));
export const websiteCaseResource = declareResource(sectionDecl('case'));
export const websiteInformationResource = declareResource(sectionDecl('information'));
export const websiteTechnicalResource = declareResource(sectionDecl('technical'));

export const WEBSITE_SECTION_RESOURCES: Record<WebsiteSection, ResourceDecl> = {
  banner: websiteBannerResource,
  advertise: websiteAdvertiseResource,
  scheme: websiteSchemeResource,
  case: websiteCaseResource,
  information: websiteInformationResource,
  technical: websiteTechnicalResource,
};

/** One live entry as the public website reads it. */
export interface WebsiteEntry {
  id: number;
  kind: WebsiteSection;
  title: string;
  summary: string;
  image: string;
  link: string;
  content: string;
  technical_type_id: number | null;
  updated_at: string;
}

/** `/admin/boos/uccn/technical_type`: the categories of the technical articles. */
export const technicalTypeResource = declareResource({
  key: 'oa.technical_type',
  path: '/admin/boos/uccn/technical_type',
  title: { zh_CN: '技术分类', en: 'Technical categories' },
  scope: 'platform',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '分类名称', en: 'Name' }, required: true, max: 64 },
    sort: sortField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [{ field: 'name', width: 240, priority: 1 }, { field: 'sort', width: 90, sortable: true }, { field: 'created_at', width: 180, sortable: true }],
    filters: [{ field: 'name', kind: 'prefix' }],
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { columns: 1, sections: [{ fields: ['name', 'sort'] }] },
  picker: { label: ['name'], search: ['name'] },
  io: { import: ['name', 'sort'], export: ['id', 'name', 'sort', 'created_at'] },
  example: { name: 'Wi-Fi', sort: 1 },
  usedBy: [{ resource: 'oa.technical', field: 'technical_type_id', onRemove: 'refuse', label: { zh_CN: '技术文章', en: 'technical articles' }, name: 'title' }],
});

/** Fixed pages of the website whose text the operators write (about us, privacy policy…), read by `slug`. */
export const WEBSITE_TEXT_SLUG_RE = /^[a-z][a-z0-9-]{1,47}$/;

/** `/admin/boos/uccn/text`: the website's single pages, each at its slug. */
export const websiteTextResource = declareResource({
  key: 'oa.text',
  path: '/admin/boos/uccn/text',
  title: { zh_CN: '单页文本', en: 'Website pages' },
  scope: 'platform',
  fields: {
    id: idField,
    slug: {
      type: 'text', label: { zh_CN: '页面标识', en: 'Slug' }, required: true, max: 48,
      help: { zh_CN: '小写字母开头，可含数字和连字符，如 about、privacy-policy', en: 'Lower-case letters, digits and hyphens, e.g. about, privacy-policy' },
    },
    title: { type: 'text', label: { zh_CN: '标题', en: 'Title' }, required: true, max: 120 },
    content: { type: 'richtext', label: { zh_CN: '正文', en: 'Body' }, max: WEBSITE_BODY_MAX, upload: 'upload_image', wordImport: 'import_word', default: '' },
    status: publishStatusField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'title', width: 240, ellipsis: true, priority: 1 },
      { field: 'slug', width: 180, priority: 1 },
      { field: 'status', width: 110, priority: 1 },
      { field: 'updated_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'title', kind: 'prefix' }, { field: 'slug', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'updated_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['slug', 'title', 'content'] }] },
  detail: {
    sections: [{ fields: ['slug', 'title', 'status', 'updated_at'] }],
    tabs: [{ key: 'websitePreview', title: { zh_CN: '预览', en: 'Preview' } }],
  },
  actions: publishActions,
  picker: { label: ['title'], search: ['title'] },
  io: { export: ['id', 'slug', 'title', 'status', 'updated_at'] },
  example: { slug: 'about', title: 'About us', content: '<p>We build networks.</p>' },
});

/** A published page as the public website reads it. */
export interface WebsiteText { slug: string; title: string; content: string; updated_at: string }
