import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField } from '../common';
import { PROJECT_ROLE_OPTIONS } from './project';

/** Stored states of an invitation; `expired` is read from `expires_at` (a pending one past it). */
export const PROJECT_INVITATION_STATES = ['pending', 'accepted', 'declined', 'revoked'] as const;
export type ProjectInvitationState = (typeof PROJECT_INVITATION_STATES)[number];
export type ProjectInvitationStanding = ProjectInvitationState | 'expired';
export const PROJECT_INVITATION_STANDING_OPTIONS: readonly OptionDecl[] = [
  { value: 'pending', label: { zh_CN: '待接受', en: 'Pending' }, color: 'orange' },
  { value: 'accepted', label: { zh_CN: '已接受', en: 'Accepted' }, color: 'green' },
  { value: 'declined', label: { zh_CN: '已拒绝', en: 'Declined' }, color: 'red' },
  { value: 'revoked', label: { zh_CN: '已撤销', en: 'Revoked' }, color: 'default' },
  { value: 'expired', label: { zh_CN: '已过期', en: 'Expired' }, color: 'default' },
];
/** Longest validity of an invitation link, in days. */
export const PROJECT_INVITATION_MAX_DAYS = 30;

/**
 * `/admin/business/project_team/invitation` (SPEC §2 `/ProjectCollaboration`): an invitation to a project's team —
 * a role there, a validity, an internal note — whose link token (`/ProjectCollaboration?token=…`, kept as its hash)
 * is shown once when it is made. The invitee accepts or declines on that page (signed in); the project's side sees
 * who accepted and may revoke a pending one. Listed in the project's details (tab "Invitations").
 */
export const projectInvitationResource = declareResource({
  key: 'business.project_invitation',
  path: '/admin/business/project_team/invitation',
  title: { zh_CN: '项目邀请', en: 'Project invitations' },
  scope: 'org',
  fields: {
    id: idField,
    project_id: { type: 'ref', label: { zh_CN: '项目', en: 'Project' }, ref: { resource: 'business.project' }, required: true, editable: 'add' },
    role: {
      type: 'select', label: { zh_CN: '项目角色', en: 'Role in project' }, required: true, options: PROJECT_ROLE_OPTIONS, default: 'engineer', editable: 'add',
    },
    valid_days: {
      type: 'integer', label: { zh_CN: '有效天数', en: 'Valid for (days)' }, required: true, min: 1, max: PROJECT_INVITATION_MAX_DAYS, default: 7,
      editable: 'add', writeOnly: true,
    },
    note: {
      type: 'textarea', label: { zh_CN: '备注', en: 'Note' }, max: 200, editable: 'add',
      help: { zh_CN: '仅本组织可见，不会显示给受邀者', en: 'Seen by your organisation only, never by the invitee' },
    },
    state: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: PROJECT_INVITATION_STANDING_OPTIONS, editable: 'never' },
    standing: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: PROJECT_INVITATION_STANDING_OPTIONS, editable: 'never' },
    expires_at: { type: 'datetime', label: { zh_CN: '有效期至', en: 'Expires' }, editable: 'never' },
    invitee: { type: 'text', label: { zh_CN: '处理人', en: 'Answered by' }, editable: 'never' },
    decided_at: { type: 'datetime', label: { zh_CN: '处理时间', en: 'Answered' }, editable: 'never' },
    created_at: { ...createdAtField, label: { zh_CN: '邀请时间', en: 'Invited' } },
  },
  operations: ['list', 'detail', 'add'],
  list: {
    columns: [
      { field: 'role', width: 130, priority: 1 },
      { field: 'standing', width: 110, priority: 1 },
      { field: 'expires_at', width: 180 },
      { field: 'note', ellipsis: true },
      { field: 'invitee', width: 150 },
      { field: 'decided_at', width: 180, priority: 3 },
      { field: 'created_at', width: 180, priority: 3 },
    ],
    filters: [{ field: 'project_id', kind: 'eq' }, { field: 'state', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['project_id', 'role', 'valid_days', 'note'] }] },
  detail: { sections: [{ fields: ['project_id', 'role', 'standing', 'expires_at', 'note', 'invitee', 'decided_at', 'created_at'] }] },
  actions: [
    {
      name: 'revoke', label: { zh_CN: '撤销', en: 'Revoke' }, placement: 'row', danger: true,
      transition: { field: 'state', from: ['pending'], to: 'revoked' },
      confirm: { zh_CN: '撤销后该邀请链接立即失效，确定撤销吗？', en: 'The invitation link stops working at once. Revoke?' },
    },
  ],
  example: { project_id: 1, role: 'engineer', valid_days: 7, note: 'For the cabling subcontractor' },
});
