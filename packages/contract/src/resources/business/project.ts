import { declareResource, type OptionDecl } from '../types';
import { createdAtField, enableDisableActions, idField, remarkField, statusField } from '../common';

/**
 * Projects and their teams (SPEC §2 "project log and team", SPEC §7 `/admin/business/project_team`): a project of
 * the organisation, its manager, and its members — users of the organisation, each with a role in the project.
 */
export const projectResource = declareResource({
  key: 'business.project',
  path: '/admin/business/project_team',
  title: { zh_CN: '项目团队', en: 'Project teams' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '项目名称', en: 'Project' }, required: true, max: 100 },
    customer: { type: 'text', label: { zh_CN: '客户', en: 'Customer' }, max: 100 },
    address: { type: 'text', label: { zh_CN: '项目地址', en: 'Address' }, max: 200 },
    manager_id: { type: 'ref', label: { zh_CN: '项目经理', en: 'Project manager' }, ref: { resource: 'system.user' } },
    starts_on: { type: 'datetime', label: { zh_CN: '开始时间', en: 'Starts' } },
    ends_on: { type: 'datetime', label: { zh_CN: '结束时间', en: 'Ends' } },
    member_count: { type: 'integer', label: { zh_CN: '成员数', en: 'Members' }, editable: 'never' },
    status: statusField,
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'name', width: 200, sortable: true, priority: 1 },
      { field: 'customer', width: 160 },
      { field: 'manager_id', width: 140, render: 'refLabel' },
      { field: 'member_count', width: 100 },
      { field: 'starts_on', width: 180, priority: 3 },
      { field: 'ends_on', width: 180, priority: 3 },
      { field: 'status', width: 100, priority: 1 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'customer', 'manager_id', 'address', 'starts_on', 'ends_on', 'remark'] }] },
  detail: {
    sections: [{ fields: ['name', 'customer', 'manager_id', 'address', 'starts_on', 'ends_on', 'member_count', 'status', 'remark', 'created_at'] }],
    tabs: [
      { key: 'projectMembers', title: { zh_CN: '团队成员', en: 'Team members' } },
      { key: 'projectInvitations', title: { zh_CN: '邀请', en: 'Invitations' } },
    ],
  },
  actions: enableDisableActions('status', { zh_CN: '项目', en: 'projects' }),
  picker: { label: ['name'], search: ['name'] },
  io: { export: ['id', 'name', 'customer', 'manager_id', 'address', 'starts_on', 'ends_on', 'member_count', 'status', 'remark', 'created_at'] },
  example: { name: 'Harbour Hotel Wi-Fi upgrade', customer: 'Harbour Hotel' },
  usedBy: [
    { resource: 'business.project_member', field: 'project_id', onRemove: 'ask', label: { zh_CN: '团队成员', en: 'team members' }, name: 'user_id' },
    { resource: 'business.phone_book', field: 'project_id', onRemove: 'refuse', label: { zh_CN: '电话簿联系人', en: 'phone book contacts' }, name: 'name' },
  ],
});

export const PROJECT_ROLE_OPTIONS: readonly OptionDecl[] = [
  { value: 'manager', label: { zh_CN: '项目经理', en: 'Project manager' }, color: 'purple' },
  { value: 'engineer', label: { zh_CN: '工程师', en: 'Engineer' }, color: 'blue' },
  { value: 'sales', label: { zh_CN: '销售', en: 'Sales' }, color: 'gold' },
  { value: 'support', label: { zh_CN: '客服', en: 'Support' }, color: 'cyan' },
  { value: 'observer', label: { zh_CN: '观察员', en: 'Observer' }, color: 'default' },
];

/** Whether a member belongs to the project's organisation or joined the team from another by invitation. */
export const MEMBER_ORIGIN_OPTIONS: readonly OptionDecl[] = [
  { value: 0, label: { zh_CN: '本组织', en: 'This organisation' }, color: 'default' },
  { value: 1, label: { zh_CN: '外部协作者', en: 'Outside collaborator' }, color: 'geekblue' },
];

/**
 * `/admin/business/project_team/member`: a user in a project, with a role there (once per project) — a user of the
 * organisation added here, or anyone who accepted an invitation (`/ProjectCollaboration`), possibly from another
 * organisation: `member_name` names them either way (another organisation's user has no label in this one's picker).
 */
export const projectMemberResource = declareResource({
  key: 'business.project_member',
  path: '/admin/business/project_team/member',
  title: { zh_CN: '团队成员', en: 'Team members' },
  scope: 'org',
  fields: {
    id: idField,
    user_id: { type: 'ref', label: { zh_CN: '成员', en: 'Member' }, ref: { resource: 'system.user' }, required: true, editable: 'add' },
    member_name: { type: 'text', label: { zh_CN: '成员', en: 'Member' }, editable: 'never' },
    outside: { type: 'select', label: { zh_CN: '来源', en: 'From' }, options: MEMBER_ORIGIN_OPTIONS, editable: 'never' },
    project_id: { type: 'ref', label: { zh_CN: '项目', en: 'Project' }, ref: { resource: 'business.project' }, required: true, editable: 'add' },
    role: { type: 'select', label: { zh_CN: '项目角色', en: 'Role in project' }, required: true, options: PROJECT_ROLE_OPTIONS, default: 'engineer' },
    remark: remarkField,
    created_at: { ...createdAtField, label: { zh_CN: '加入时间', en: 'Joined' } },
  },
  operations: ['list', 'detail', 'add', 'update', 'remove'],
  list: {
    columns: [
      { field: 'member_name', width: 180, priority: 1 },
      { field: 'outside', width: 130, priority: 1 },
      { field: 'project_id', width: 180, render: 'refLabel' },
      { field: 'role', width: 130, priority: 1 },
      { field: 'remark', ellipsis: true },
      { field: 'created_at', width: 180 },
    ],
    filters: [{ field: 'project_id', kind: 'eq' }, { field: 'role', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: { columns: 1, sections: [{ fields: ['project_id', 'user_id', 'role', 'remark'] }] },
  example: { project_id: 1, user_id: 1, role: 'engineer' },
});
