import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, statusField, updatedAtField } from '../common';

/** Most members one team lists. */
export const GROUP_TEAM_MEMBERS_MAX = 500;

/**
 * SPEC §2 business "teams" (班组管理): the organisation's staff teams — install crews, night shifts, the help desk —
 * each with a leader, its members and what it is on duty for. The leader is always one of the members.
 */
export const groupTeamResource = declareResource({
  key: 'business.group_team',
  path: '/admin/business/group_team',
  title: { zh_CN: '班组管理', en: 'Teams' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '班组名称', en: 'Name' }, required: true, max: 64 },
    leader_id: { type: 'ref', label: { zh_CN: '班组长', en: 'Leader' }, ref: { resource: 'system.user' }, required: true },
    member_ids: {
      type: 'refMany', label: { zh_CN: '成员', en: 'Members' }, ref: { resource: 'system.user' }, max: GROUP_TEAM_MEMBERS_MAX,
      help: { zh_CN: '班组长总是成员之一，未选时自动加入', en: 'The leader is always a member: added when left out' },
    },
    duty: { type: 'textarea', label: { zh_CN: '职责', en: 'Duty' }, max: 2000 },
    status: statusField,
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'name', width: 180, sortable: true, priority: 1 },
      { field: 'leader_id', width: 140, render: 'refLabel', priority: 1 },
      { field: 'member_ids', width: 260, render: 'refTags' },
      { field: 'duty', ellipsis: true, priority: 3 },
      { field: 'status', width: 100, priority: 1 },
      { field: 'updated_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'leader_id', kind: 'eq' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'name', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'leader_id', 'member_ids', 'duty'] }] },
  actions: enableDisableActions('status', { zh_CN: '班组', en: 'teams' }),
  picker: { label: ['name'], search: ['name'] },
  page: { area: 'business', key: 'groupTeam', after: 'customDevice', icon: 'TeamOutlined' },
  io: { export: ['id', 'name', 'leader_id', 'member_ids', 'duty', 'status', 'created_at', 'updated_at'] },
  example: { name: 'Install crew A', leader_id: 1, duty: 'Installs and repairs in the north district' },
});
