import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField, updatedAtField } from '../common';

/** What a project log entry records. */
export const PROJECT_LOG_KIND_OPTIONS: readonly OptionDecl[] = [
  { value: 'progress', label: { zh_CN: '进展', en: 'Progress' }, color: 'blue' },
  { value: 'issue', label: { zh_CN: '问题', en: 'Issue' }, color: 'red' },
  { value: 'visit', label: { zh_CN: '巡检', en: 'Site visit' }, color: 'cyan' },
  { value: 'delivery', label: { zh_CN: '交付', en: 'Delivery' }, color: 'green' },
  { value: 'other', label: { zh_CN: '其他', en: 'Other' }, color: 'default' },
];

/**
 * SPEC §2 business "project log and team": dated entries of a project (progress, issues, site visits, deliveries);
 * who wrote each is kept.
 */
export const projectLogResource = declareResource({
  key: 'business.project_log',
  path: '/admin/business/project/log',
  title: { zh_CN: '项目日志', en: 'Project log' },
  scope: 'org',
  fields: {
    id: idField,
    project_id: { type: 'ref', label: { zh_CN: '项目', en: 'Project' }, ref: { resource: 'business.project' }, required: true, editable: 'add' },
    happened_at: { type: 'datetime', label: { zh_CN: '发生时间', en: 'Happened at' }, required: true },
    kind: { type: 'select', label: { zh_CN: '类型', en: 'Kind' }, options: PROJECT_LOG_KIND_OPTIONS, default: 'progress' },
    title: { type: 'text', label: { zh_CN: '标题', en: 'Title' }, required: true, max: 100 },
    content: { type: 'textarea', label: { zh_CN: '内容', en: 'Content' }, max: 5000 },
    created_by: { type: 'ref', label: { zh_CN: '记录人', en: 'Written by' }, ref: { resource: 'system.user' }, editable: 'never' },
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'happened_at', width: 180, sortable: true, priority: 1 },
      { field: 'project_id', width: 180, render: 'refLabel', priority: 1 },
      { field: 'kind', width: 100 },
      { field: 'title', width: 240, ellipsis: true, priority: 1 },
      { field: 'content', ellipsis: true, priority: 3 },
      { field: 'created_by', width: 130, render: 'refLabel', priority: 3 },
    ],
    filters: [{ field: 'project_id', kind: 'eq' }, { field: 'kind', kind: 'eq' }, { field: 'happened_at', kind: 'range' }],
    keyword: { fields: ['title'], placeholder: { zh_CN: '标题', en: 'Title' } },
    defaultSort: { field: 'happened_at', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['project_id', 'happened_at', 'kind', 'title', 'content'] }] },
  io: { export: ['project_id', 'happened_at', 'kind', 'title', 'content', 'created_by', 'created_at'] },
  example: { project_id: 1, happened_at: '2026-03-02T09:00:00Z', kind: 'visit', title: 'Lobby AP survey', content: 'Two APs short of signal in the east wing' },
  page: { area: 'business', key: 'projectLog', after: 'projectTeam', icon: 'FileTextOutlined' },
});
