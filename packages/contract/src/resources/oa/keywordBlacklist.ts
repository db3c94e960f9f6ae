import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, remarkField, statusField } from '../common';

/** Longest blocked word, in characters. */
export const BLACKLIST_WORD_MAX = 50;

/**
 * `/admin/boos/keyword_blacklist` (SPEC §7): words an organisation does not want in its community. A post or comment
 * saved with an enabled word (case-insensitive, anywhere in its text) waits as pending, its reason naming the word,
 * until a moderator decides.
 */
export const keywordBlacklistResource = declareResource({
  key: 'oa.keyword_blacklist',
  path: '/admin/boos/keyword_blacklist',
  title: { zh_CN: '关键词过滤', en: 'Keyword filter' },
  scope: 'org',
  fields: {
    id: idField,
    word: {
      type: 'text', label: { zh_CN: '屏蔽词', en: 'Blocked word' }, required: true, max: BLACKLIST_WORD_MAX,
      help: { zh_CN: '不区分大小写，出现在帖子或评论任意位置即命中', en: 'Case-insensitive; matches anywhere in a post or comment' },
    },
    remark: remarkField,
    status: statusField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'word', width: 200, priority: 1 },
      { field: 'status', width: 100, priority: 1 },
      { field: 'remark', width: 240, ellipsis: true, priority: 3 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'word', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['word', 'remark'] }] },
  actions: enableDisableActions('status', { zh_CN: '屏蔽词', en: 'words' }),
  io: { import: ['word', 'remark'], export: ['word', 'status', 'remark', 'created_at'] },
  example: { word: 'spam' },
  page: { area: 'oa', key: 'keywordBlacklist', path: 'keyword-blacklist', after: 'suggestion', icon: 'SettingOutlined' },
});
