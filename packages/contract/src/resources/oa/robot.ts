import { declareResource, type OptionDecl } from '../types';
import { createdAtField, enableDisableActions, idField, sortField, statusField } from '../common';
import { closedObject, methodField } from '../schemas';
import { z } from 'zod';

/**
 * `/admin/boos/robot` (SPEC §7, "robot list"): the organisation's reply robots — rules that answer a guest's message
 * on the screen chat at once (opening hours, the Wi-Fi password, where breakfast is) while staff moderate. The
 * enabled robot with the smallest order whose keyword the message holds (or equals, for exact robots) replies;
 * `hits` counts its replies. Decision: SPEC does not show the page; this is what a hotel's front desk expects.
 */
export const ROBOT_MATCH_OPTIONS: readonly OptionDecl[] = [
  { value: 'contains', label: { zh_CN: '包含关键词', en: 'Message contains a keyword' } },
  { value: 'exact', label: { zh_CN: '与关键词完全一致', en: 'Message is exactly a keyword' } },
];

export const ROBOT_KEYWORDS_MAX = 500;
export const ROBOT_REPLY_MAX = 1000;

/** The keywords as written: separated by commas (either width), semicolons or new lines; trimmed, lower-cased, unique. */
export function robotKeywords(text: string): string[] {
  return [...new Set(text.split(/[,，;；\n]/).map((k) => k.trim().toLowerCase()).filter(Boolean))];
}

export const robotResource = declareResource({
  key: 'oa.robot',
  path: '/admin/boos/robot',
  title: { zh_CN: '机器人列表', en: 'Reply robots' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, required: true, max: 64 },
    keywords: {
      type: 'textarea', label: { zh_CN: '关键词', en: 'Keywords' }, required: true, max: ROBOT_KEYWORDS_MAX,
      help: { zh_CN: '多个关键词用逗号或换行分隔，不区分大小写', en: 'Separate keywords with commas or new lines; case-insensitive' },
    },
    match: { type: 'select', label: { zh_CN: '匹配方式', en: 'Matching' }, options: ROBOT_MATCH_OPTIONS, default: 'contains' },
    reply: { type: 'textarea', label: { zh_CN: '回复内容', en: 'Reply' }, required: true, max: ROBOT_REPLY_MAX },
    sort: sortField,
    status: statusField,
    hits: { type: 'integer', label: { zh_CN: '回复次数', en: 'Replies sent' }, editable: 'never' },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'name', width: 180, priority: 1 },
      { field: 'keywords', width: 240, ellipsis: true, priority: 1 },
      { field: 'match', width: 160 },
      { field: 'reply', width: 260, ellipsis: true, priority: 3 },
      { field: 'sort', width: 90, sortable: true },
      { field: 'hits', width: 110, sortable: true },
      { field: 'status', width: 100, priority: 1 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { columns: 1, sections: [{ fields: ['name', 'keywords', 'match', 'reply', 'sort'] }] },
  actions: enableDisableActions('status', { zh_CN: '机器人', en: 'robots' }),
  picker: { label: ['name'], search: ['name'] },
  io: { import: ['name', 'keywords', 'match', 'reply', 'sort'], export: ['id', 'name', 'keywords', 'match', 'reply', 'sort', 'status', 'hits', 'created_at'] },
  example: { name: 'Wi-Fi help', keywords: 'wifi, password', reply: 'The Wi-Fi is GX-Guest; sign in on the page that opens.' },
  page: {
    area: 'oa', key: 'robot', after: 'keywordBlacklist', icon: 'SolutionOutlined',
    permissions: [{ key: 'oa.robot.try', label: { zh_CN: '机器人列表 · 测试回复', en: 'Reply robots · Try a message' } }],
  },
});

/** `try`: which robot would answer a message, without counting it. */
export const robotTryBody = closedObject({ method: methodField, message: z.string().trim().min(1, 'validation.required').max(500, 'validation.tooLong') });

export interface RobotAnswer { robot_id: number; name: string; reply: string }
