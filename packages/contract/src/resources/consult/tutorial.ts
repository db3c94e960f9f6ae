import { declareResource } from '../types';
import { createdAtField, idField, sortField, updatedAtField } from '../common';
import { transitionOf } from '../../device/lifecycle';
import { ARTICLE_LIFECYCLE, ARTICLE_PHASE_OPTIONS } from './article';

/** Largest tutorial body (sanitised HTML), in characters. */
export const TUTORIAL_BODY_MAX = 200_000;

const stateOptions = ARTICLE_PHASE_OPTIONS.filter((o) => o.value !== 'scheduled');

/**
 * `/admin/consult/tutorial`: how-to guides with a video (an http(s) link to the video file or its page) and a rich
 * body whose images are uploaded with `upload_image`. Readers see them in `sort` order; publishing follows the
 * articles' lifecycle (draft → published ⇄ withdrawn).
 */
export const tutorialResource = declareResource({
  key: 'consult.tutorial',
  path: '/admin/consult/tutorial',
  title: { zh_CN: '教程管理', en: 'Tutorials' },
  scope: 'org',
  fields: {
    id: idField,
    title: { type: 'text', label: { zh_CN: '标题', en: 'Title' }, required: true, max: 200 },
    classification_id: { type: 'ref', label: { zh_CN: '分类', en: 'Category' }, ref: { resource: 'consult.classification' } },
    video_url: {
      type: 'text', label: { zh_CN: '视频', en: 'Video' }, rule: 'mediaLink', max: 2048, widget: 'tutorialVideo',
      help: { zh_CN: '上传 MP4 视频（不超过 100MB），或填写视频文件或页面的 http(s) 地址', en: 'Upload an MP4 video (up to 100 MB), or enter the http(s) address of a video file or page' },
    },
    duration_min: { type: 'integer', label: { zh_CN: '时长（分钟）', en: 'Length (minutes)' }, min: 0, max: 600 },
    summary: { type: 'textarea', label: { zh_CN: '摘要', en: 'Summary' }, max: 500 },
    body: { type: 'richtext', label: { zh_CN: '正文', en: 'Body' }, max: TUTORIAL_BODY_MAX, upload: 'upload_image', wordImport: 'import_word', default: '' },
    sort: sortField,
    state: { type: 'select', label: { zh_CN: '发布状态', en: 'State' }, options: stateOptions, editable: 'never', default: 'draft' },
    published_at: { type: 'datetime', label: { zh_CN: '发布时间', en: 'Published' }, editable: 'never' },
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'title', width: 260, ellipsis: true, priority: 1 },
      { field: 'classification_id', width: 150, render: 'refLabel' },
      { field: 'duration_min', width: 120, priority: 3 },
      { field: 'sort', width: 90, sortable: true },
      { field: 'state', width: 110, priority: 1 },
      { field: 'published_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'classification_id', kind: 'eq' }, { field: 'state', kind: 'eq' }],
    keyword: { fields: ['title'], placeholder: { zh_CN: '标题开头', en: 'Title starts with' } },
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { columns: 1, sections: [{ fields: ['title', 'classification_id', 'video_url', 'duration_min', 'sort', 'summary', 'body'] }] },
  detail: {
    sections: [
      { fields: ['id', 'title', 'classification_id', 'video_url', 'duration_min', 'sort', 'summary', 'body'] },
      { title: { zh_CN: '发布', en: 'Publishing' }, fields: ['state', 'published_at', 'created_at', 'updated_at'] },
    ],
  },
  actions: [
    {
      name: 'publish', label: { zh_CN: '发布', en: 'Publish' }, placement: 'both', transition: transitionOf(ARTICLE_LIFECYCLE, 'publish'),
      confirm: { zh_CN: '发布后读者即可看到该教程，确定发布吗？', en: 'Readers see the tutorial once published. Publish?' },
    },
    {
      name: 'withdraw', label: { zh_CN: '撤回', en: 'Withdraw' }, placement: 'both', danger: true, transition: transitionOf(ARTICLE_LIFECYCLE, 'withdraw'),
      confirm: { zh_CN: '撤回后读者不再看到该教程，确定撤回吗？', en: 'Readers no longer see the tutorial once withdrawn. Withdraw?' },
    },
  ],
  picker: { label: ['title'], search: ['title'] },
  io: { export: ['id', 'title', 'classification_id', 'video_url', 'duration_min', 'sort', 'summary', 'state', 'published_at', 'created_at'] },
  example: { title: 'Setting up your gateway', video_url: 'https://video.example.com/gateway.mp4', duration_min: 5, body: '<h2>Step 1</h2><p>Plug it in.</p>' },
  page: {
    area: 'consult', key: 'tutorial', after: 'article', icon: 'FileTextOutlined',
    permissions: [
      { key: 'consult.tutorial.upload_image', label: { zh_CN: '教程管理 · 上传图片', en: 'Tutorials · Upload images' } },
      { key: 'consult.tutorial.upload_video', label: { zh_CN: '教程管理 · 上传视频', en: 'Tutorials · Upload videos' } },
    ],
  },
});
