import { declareResource } from '../types';
import { createdAtField, idField, updatedAtField } from '../common';
import { moderationActions, moderationFields } from './moderation';

/** Longest post, in characters (plain text). */
export const POST_CONTENT_MAX = 10_000;

/**
 * `/admin/consult/post`: the community's posts, moderated (`MODERATION_LIFECYCLE`). A new post waits as pending;
 * staff may write one too (it is moderated like any other). Removing a post takes its comments with it.
 */
export const postResource = declareResource({
  key: 'consult.post',
  path: '/admin/consult/post',
  title: { zh_CN: '帖子管理', en: 'Posts' },
  scope: 'org',
  fields: {
    id: idField,
    title: { type: 'text', label: { zh_CN: '标题', en: 'Title' }, required: true, max: 200 },
    content: { type: 'textarea', label: { zh_CN: '内容', en: 'Content' }, required: true, max: POST_CONTENT_MAX },
    author: { type: 'text', label: { zh_CN: '作者', en: 'Author' }, required: true, max: 64 },
    comments: { type: 'integer', label: { zh_CN: '评论数', en: 'Comments' }, editable: 'never' },
    ...moderationFields,
    created_at: { ...createdAtField, label: { zh_CN: '发帖时间', en: 'Posted' } },
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'title', width: 240, ellipsis: true, priority: 1 },
      { field: 'author', width: 130 },
      { field: 'state', width: 110, priority: 1 },
      { field: 'reason', width: 200, ellipsis: true, priority: 3 },
      { field: 'comments', width: 90, priority: 3 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'state', kind: 'eq' }, { field: 'author', kind: 'prefix' }, { field: 'created_at', kind: 'range' }],
    keyword: { fields: ['title'], placeholder: { zh_CN: '标题开头', en: 'Title starts with' } },
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['title', 'author', 'content'] }] },
  detail: {
    sections: [
      { fields: ['id', 'title', 'author', 'content', 'comments', 'created_at'] },
      { title: { zh_CN: '审核', en: 'Moderation' }, fields: ['state', 'reason', 'moderated_by', 'moderated_at'] },
    ],
  },
  actions: moderationActions({ zh_CN: '帖子', en: 'post' }),
  picker: { label: ['title'], search: ['title'] },
  usedBy: [{ resource: 'consult.comment', field: 'post_id', onRemove: 'ask', label: { zh_CN: '条评论', en: 'comments' } }],
  io: { export: ['id', 'title', 'author', 'content', 'state', 'reason', 'moderated_at', 'created_at'] },
  example: { title: 'Router keeps rebooting', author: 'Lin', content: 'Since the upgrade my router restarts every night.' },
  page: { area: 'consult', key: 'post', after: 'tutorial', icon: 'TeamOutlined' },
});
