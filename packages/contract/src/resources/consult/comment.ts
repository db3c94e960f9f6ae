import { declareResource } from '../types';
import { createdAtField, idField, updatedAtField } from '../common';
import { moderationActions, moderationFields } from './moderation';

/** Longest comment, in characters (plain text). */
export const COMMENT_CONTENT_MAX = 2000;

/** `/admin/consult/comment`: comments on the community's posts, moderated like posts; staff replies are comments too. */
export const commentResource = declareResource({
  key: 'consult.comment',
  path: '/admin/consult/comment',
  title: { zh_CN: '评论管理', en: 'Comments' },
  scope: 'org',
  fields: {
    id: idField,
    post_id: { type: 'ref', label: { zh_CN: '帖子', en: 'Post' }, ref: { resource: 'consult.post' }, required: true, editable: 'add' },
    content: { type: 'textarea', label: { zh_CN: '内容', en: 'Content' }, required: true, max: COMMENT_CONTENT_MAX },
    author: { type: 'text', label: { zh_CN: '作者', en: 'Author' }, required: true, max: 64 },
    ...moderationFields,
    created_at: { ...createdAtField, label: { zh_CN: '评论时间', en: 'Commented' } },
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'content', width: 280, ellipsis: true, priority: 1 },
      { field: 'post_id', width: 200, render: 'refLabel' },
      { field: 'author', width: 130 },
      { field: 'state', width: 110, priority: 1 },
      { field: 'reason', width: 200, ellipsis: true, priority: 3 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'state', kind: 'eq' }, { field: 'post_id', kind: 'eq' }, { field: 'author', kind: 'prefix' }, { field: 'created_at', kind: 'range' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['post_id', 'author', 'content'] }] },
  detail: {
    sections: [
      { fields: ['id', 'post_id', 'author', 'content', 'created_at'] },
      { title: { zh_CN: '审核', en: 'Moderation' }, fields: ['state', 'reason', 'moderated_by', 'moderated_at'] },
    ],
  },
  actions: moderationActions({ zh_CN: '评论', en: 'comment' }),
  io: { export: ['id', 'post_id', 'author', 'content', 'state', 'reason', 'moderated_at', 'created_at'] },
  example: { post_id: 1, author: 'Wang', content: 'Same here since last week.' },
  page: { area: 'consult', key: 'comment', after: 'post', icon: 'SolutionOutlined' },
});
