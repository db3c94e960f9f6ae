import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField, updatedAtField } from '../common';
import { transitionOf, type StateMachine } from '../../device/lifecycle';

/** Largest article body (sanitised HTML), in characters. */
export const ARTICLE_BODY_MAX = 200_000;

/**
 * An article's publishing as a state machine (data both the server and the tests read): a draft is published
 * (at once, or from its `publish_at` when that lies ahead: "scheduled"), withdrawn, and may be published again.
 */
export const ARTICLE_STATES = ['draft', 'published', 'withdrawn'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];
export const ARTICLE_LIFECYCLE: StateMachine<ArticleState> = [
  { action: 'publish', from: ['draft', 'withdrawn'], to: 'published', by: 'owner' },
  { action: 'withdraw', from: ['published'], to: 'withdrawn', by: 'owner' },
];

/** What a reader sees of an article's state: `scheduled` is published with a start still ahead (computed). */
export const ARTICLE_PHASE_OPTIONS: readonly OptionDecl[] = [
  { value: 'draft', label: { zh_CN: '草稿', en: 'Draft' }, color: 'default' },
  { value: 'scheduled', label: { zh_CN: '定时发布', en: 'Scheduled' }, color: 'blue' },
  { value: 'published', label: { zh_CN: '已发布', en: 'Published' }, color: 'green' },
  { value: 'withdrawn', label: { zh_CN: '已撤回', en: 'Withdrawn' }, color: 'orange' },
];
const stateOptions = ARTICLE_PHASE_OPTIONS.filter((o) => o.value !== 'scheduled');

/**
 * `/admin/consult/article`: the organisation's articles. The body is rich text (HTML) cleaned with an allow-list on
 * the server when saved and again by the console when shown; the cover and body images are uploaded with `upload_image`.
 * `publish` and `withdraw` follow `ARTICLE_LIFECYCLE`; `published` lists what readers see now.
 */
export const articleResource = declareResource({
  key: 'consult.article',
  path: '/admin/consult/article',
  title: { zh_CN: '文章管理', en: 'Articles' },
  scope: 'org',
  fields: {
    id: idField,
    title: { type: 'text', label: { zh_CN: '标题', en: 'Title' }, required: true, max: 200 },
    classification_id: {
      type: 'ref', label: { zh_CN: '分类', en: 'Category' }, ref: { resource: 'consult.classification' }, required: true,
    },
    cover: {
      type: 'image', label: { zh_CN: '封面', en: 'Cover' }, max: 2048, upload: 'upload_image',
      help: { zh_CN: 'JPG/PNG/GIF，小于 10 MB，建议 1920×1080', en: 'JPG/PNG/GIF under 10 MB, 1920×1080 recommended' },
    },
    summary: { type: 'textarea', label: { zh_CN: '摘要', en: 'Summary' }, max: 500 },
    body: {
      type: 'richtext', label: { zh_CN: '正文', en: 'Body' }, max: ARTICLE_BODY_MAX, upload: 'upload_image', wordImport: 'import_word', default: '',
    },
    publish_at: {
      type: 'datetime', label: { zh_CN: '定时发布', en: 'Publish at' },
      help: { zh_CN: '发布后从该时间起可见；留空为立即', en: 'Once published, visible from this time; empty for at once' },
    },
    state: { type: 'select', label: { zh_CN: '发布状态', en: 'State' }, options: stateOptions, editable: 'never', default: 'draft' },
    phase: { type: 'select', label: { zh_CN: '状态', en: 'Status' }, options: ARTICLE_PHASE_OPTIONS, editable: 'never' },
    published_at: { type: 'datetime', label: { zh_CN: '发布时间', en: 'Published' }, editable: 'never' },
    withdrawn_at: { type: 'datetime', label: { zh_CN: '撤回时间', en: 'Withdrawn' }, editable: 'never' },
    created_by: { type: 'integer', label: { zh_CN: '作者', en: 'Author' }, editable: 'never' },
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'cover', width: 90, render: 'image', priority: 3 },
      { field: 'title', width: 260, ellipsis: true, priority: 1 },
      { field: 'classification_id', width: 150, render: 'refLabel' },
      { field: 'phase', width: 110, priority: 1 },
      { field: 'published_at', width: 180, sortable: true },
      { field: 'updated_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [{ field: 'classification_id', kind: 'eq' }, { field: 'state', kind: 'eq' }, { field: 'published_at', kind: 'range' }],
    keyword: { fields: ['title'], placeholder: { zh_CN: '标题开头', en: 'Title starts with' } },
    defaultSort: { field: 'updated_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['title', 'classification_id', 'cover', 'summary', 'body', 'publish_at'] }] },
  detail: {
    sections: [
      { fields: ['id', 'title', 'classification_id', 'cover', 'summary', 'body'] },
      { title: { zh_CN: '发布', en: 'Publishing' }, fields: ['phase', 'publish_at', 'published_at', 'withdrawn_at', 'created_by', 'created_at', 'updated_at'] },
    ],
  },
  actions: [
    {
      name: 'publish', label: { zh_CN: '发布', en: 'Publish' }, placement: 'both',
      transition: transitionOf(ARTICLE_LIFECYCLE, 'publish'),
      confirm: { zh_CN: '发布后读者即可看到（设置了定时则到时可见），确定发布吗？', en: 'Readers see it once published (from its scheduled time, if set). Publish?' },
    },
    {
      name: 'withdraw', label: { zh_CN: '撤回', en: 'Withdraw' }, placement: 'both', danger: true,
      transition: transitionOf(ARTICLE_LIFECYCLE, 'withdraw'),
      confirm: { zh_CN: '撤回后读者不再看到它，确定撤回吗？', en: 'Readers no longer see it once withdrawn. Withdraw?' },
    },
  ],
  picker: { label: ['title'], search: ['title'] },
  io: { export: ['id', 'title', 'classification_id', 'summary', 'state', 'publish_at', 'published_at', 'created_at', 'updated_at'] },
  example: { title: 'Spring release notes', classification_id: 1, summary: 'What is new', body: '<p>Hello</p>' },
});

/** An article as `published` answers it (what readers see now). */
export interface PublishedArticle {
  id: number;
  title: string;
  classification_id: number;
  cover: string;
  summary: string;
  body: string;
  published_at: string;
}
