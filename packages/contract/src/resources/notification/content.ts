import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField, updatedAtField } from '../common';
import { NOTIFICATION_CONTENT_MAX, NotificationStatus } from '../../shell/notificationValues';

const kindOptions: readonly OptionDecl[] = [
  { value: 'notice', label: { zh_CN: '公告', en: 'Announcement' }, color: 'blue' },
  { value: 'inform', label: { zh_CN: '通知', en: 'Notification' }, color: 'purple' },
];

const audienceOptions: readonly OptionDecl[] = [
  { value: 'all', label: { zh_CN: '全部用户', en: 'Everyone' } },
  { value: 'orgs', label: { zh_CN: '指定组织', en: 'Organisations' } },
  { value: 'users', label: { zh_CN: '指定用户', en: 'Users' } },
];

const statusOptions: readonly OptionDecl[] = [
  { value: NotificationStatus.DRAFT, label: { zh_CN: '草稿', en: 'Draft' }, color: 'default' },
  { value: NotificationStatus.PUBLISHED, label: { zh_CN: '已发布', en: 'Published' }, color: 'green' },
  { value: NotificationStatus.WITHDRAWN, label: { zh_CN: '已撤回', en: 'Withdrawn' }, color: 'orange' },
];

/**
 * `/admin/notification/content` (SPEC §7): announcements (navbar scroller) and notifications (carousel, bell)
 * written by administrators of the current organisation. Drafts reach nobody until published; the state changes
 * are `/admin/notification/operation` (`publish`, `withdraw`, and `stats`, a method of the binding). Who receives
 * an item is its audience plus `targets` (organisation or user ids, checked by the binding against what the
 * author may address). Editing a published item keeps who has read it.
 */
export const notificationContentResource = declareResource({
  key: 'notification.content',
  path: '/admin/notification/content',
  actionsAt: { path: '/admin/notification/operation', key: 'notification.operation' },
  title: { zh_CN: '通知内容', en: 'Notification content' },
  scope: 'org',
  page: {
    area: 'notification', key: 'content',
    permissions: [
      { key: 'notification.operation.stats', label: { zh_CN: '通知发布 · 阅读统计', en: 'Notification publishing · Read statistics' } },
    ],
  },
  fields: {
    id: idField,
    kind: { type: 'select', label: { zh_CN: '类型', en: 'Kind' }, options: kindOptions, required: true, default: 'notice' },
    title: { type: 'text', label: { zh_CN: '标题', en: 'Title' }, required: true, max: 200 },
    content: {
      type: 'textarea', label: { zh_CN: '内容', en: 'Content' }, max: NOTIFICATION_CONTENT_MAX, default: '',
      help: { zh_CN: 'HTML，保存时按白名单清理', en: 'HTML, cleaned with an allow-list when saved' },
    },
    audience: { type: 'select', label: { zh_CN: '接收范围', en: 'Audience' }, options: audienceOptions, required: true, default: 'orgs' },
    targets: {
      type: 'refMany', label: { zh_CN: '接收对象', en: 'Recipients' }, max: 1000, widget: 'notificationTargets',
      help: { zh_CN: '接收范围为指定组织或指定用户时必填', en: 'Required when the audience is organisations or users' },
    },
    expires_at: {
      type: 'datetime', label: { zh_CN: '截止时间', en: 'Shown until' },
      help: { zh_CN: '过期后不再展示；留空为长期', en: 'Not shown after this; empty for no end' },
    },
    status: { type: 'select', label: { zh_CN: '状态', en: 'Status' }, options: statusOptions, editable: 'never', default: NotificationStatus.DRAFT },
    published_at: { type: 'datetime', label: { zh_CN: '发布时间', en: 'Published' }, editable: 'never' },
    withdrawn_at: { type: 'datetime', label: { zh_CN: '撤回时间', en: 'Withdrawn' }, editable: 'never' },
    created_by: { type: 'integer', label: { zh_CN: '创建人', en: 'Author' }, editable: 'never' },
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'title', width: 260, ellipsis: true, priority: 1 },
      { field: 'kind', width: 110 },
      { field: 'audience', width: 120 },
      { field: 'status', width: 100, priority: 1 },
      { field: 'published_at', width: 180 },
      { field: 'expires_at', width: 180, priority: 3 },
      { field: 'created_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [{ field: 'kind', kind: 'eq' }, { field: 'status', kind: 'eq' }],
    keyword: { fields: ['title'], placeholder: { zh_CN: '标题开头', en: 'Title starts with' } },
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['kind', 'title', 'content', 'audience', 'targets', 'expires_at'] }] },
  detail: {
    sections: [
      { fields: ['id', 'kind', 'title', 'content', 'audience', 'targets', 'expires_at'] },
      { title: { zh_CN: '发布', en: 'Publishing' }, fields: ['status', 'published_at', 'withdrawn_at', 'created_by', 'created_at', 'updated_at'] },
    ],
  },
  actions: [
    {
      name: 'publish', label: { zh_CN: '发布', en: 'Publish' }, placement: 'row',
      transition: { field: 'status', from: [NotificationStatus.DRAFT, NotificationStatus.WITHDRAWN], to: NotificationStatus.PUBLISHED },
      confirm: { zh_CN: '发布后接收对象即可看到，确定发布吗？', en: 'Its recipients see it once published. Publish?' },
    },
    {
      name: 'withdraw', label: { zh_CN: '撤回', en: 'Withdraw' }, placement: 'row', danger: true,
      transition: { field: 'status', from: [NotificationStatus.PUBLISHED], to: NotificationStatus.WITHDRAWN },
      confirm: { zh_CN: '撤回后所有人都不再看到它，确定撤回吗？', en: 'Nobody sees it once withdrawn. Withdraw?' },
    },
  ],
  example: { kind: 'notice', title: 'Maintenance tonight', content: '<p>22:00</p>', audience: 'orgs', targets: [1] },
});
