import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, statusField } from '../common';

/** Accounts of the caller's organisation (SPEC §2 system/user, §7 /admin/system/user/{list,add,update,remove}). */
export const userResource = declareResource({
  key: 'system.user',
  path: '/admin/system/user',
  aliasPaths: true,
  title: { zh_CN: '用户管理', en: 'Users' },
  scope: 'org',
  fields: {
    id: idField,
    username: {
      type: 'text', label: { zh_CN: '用户名', en: 'Username' }, required: true, rule: 'username', min: 3, max: 64, editable: 'add',
      help: { zh_CN: '3-64 位字母、数字或 _ . @ -，创建后不可修改', en: '3-64 letters, digits or _ . @ -; cannot be changed later' },
    },
    nickname: { type: 'text', label: { zh_CN: '姓名', en: 'Name' }, max: 64 },
    password: {
      type: 'password', label: { zh_CN: '密码', en: 'Password' }, required: true, editable: 'add', writeOnly: true,
      help: { zh_CN: '6-18 位，数字、字母、符号任意两种组合', en: '6-18 characters, at least two of digits, letters and symbols' },
    },
    cellphone: { type: 'text', label: { zh_CN: '手机号', en: 'Mobile phone' }, rule: 'phone', max: 11 },
    email: { type: 'text', label: { zh_CN: '邮箱', en: 'Email' }, rule: 'email', max: 254 },
    // A new account is "not specified" until someone chooses: nobody is recorded as male by default (README).
    sex: {
      type: 'select', label: { zh_CN: '性别', en: 'Gender' }, default: 2,
      options: [
        { value: 2, label: { zh_CN: '未指定', en: 'Not specified' } },
        { value: 1, label: { zh_CN: '男', en: 'Male' } },
        { value: 0, label: { zh_CN: '女', en: 'Female' } },
      ],
    },
    company_name: { type: 'text', label: { zh_CN: '公司名称', en: 'Company' }, max: 128 },
    role_ids: {
      type: 'refMany', label: { zh_CN: '角色', en: 'Roles' }, ref: { resource: 'system.role' }, max: 50, grants: 'roles',
      help: { zh_CN: '在当前组织中拥有的角色', en: 'Roles held in the current organisation' },
    },
    status: statusField,
    last_login_at: { type: 'datetime', label: { zh_CN: '最后登录时间', en: 'Last sign-in' }, editable: 'never' },
    last_login_ip: { type: 'text', label: { zh_CN: '最后登录 IP', en: 'Last sign-in IP' }, editable: 'never' },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'id', width: 72, sortable: true, priority: 3 },
      { field: 'username', width: 150, sortable: true, priority: 1 },
      { field: 'nickname', width: 130 },
      { field: 'cellphone', width: 130 },
      { field: 'email', width: 190, ellipsis: true, priority: 3 },
      { field: 'role_ids', width: 190, render: 'refTags', priority: 1 },
      { field: 'status', width: 90, priority: 1 },
      { field: 'last_login_at', width: 176, sortable: true },
      { field: 'created_at', width: 176, sortable: true, priority: 3 },
    ],
    filters: [
      { field: 'username', kind: 'prefix' },
      { field: 'cellphone', kind: 'prefix' },
      { field: 'status', kind: 'eq' },
      { field: 'created_at', kind: 'range' },
    ],
    defaultSort: { field: 'id', order: 'desc' },
    keyword: { fields: ['username', 'nickname', 'cellphone'], placeholder: { zh_CN: '用户名 / 姓名 / 手机号', en: 'Username / name / phone' } },
  },
  form: {
    columns: 2,
    sections: [
      { title: { zh_CN: '账号', en: 'Account' }, fields: ['username', 'password', 'nickname', 'sex'] },
      { title: { zh_CN: '联系方式', en: 'Contact' }, fields: ['cellphone', 'email', 'company_name'] },
      { title: { zh_CN: '权限', en: 'Permissions' }, fields: ['role_ids'] },
    ],
  },
  detail: {
    sections: [
      { fields: ['id', 'username', 'nickname', 'sex', 'cellphone', 'email', 'company_name', 'role_ids', 'status'] },
      { title: { zh_CN: '登录', en: 'Sign-in' }, fields: ['last_login_at', 'last_login_ip', 'created_at'] },
    ],
  },
  actions: [
    ...enableDisableActions('status', { zh_CN: '用户', en: 'users' }),
    {
      name: 'reset_password', label: { zh_CN: '重置密码', en: 'Reset password' }, placement: 'row', fields: ['password'], takeover: true,
      confirm: { zh_CN: '重置后该用户需用新密码重新登录，确定吗？', en: 'The user will have to sign in again with the new password. Continue?' },
    },
  ],
  picker: { label: ['nickname', 'username'], search: ['username', 'nickname', 'cellphone'] },
  io: {
    import: ['username', 'nickname', 'password', 'cellphone', 'email', 'sex', 'company_name', 'role_ids'],
    export: ['id', 'username', 'nickname', 'cellphone', 'email', 'sex', 'company_name', 'role_ids', 'status', 'last_login_at', 'created_at'],
  },
  example: { username: 'example_user', nickname: 'Example', password: 'e10adc3949ba59abbe56e057f20f883e', cellphone: '13800138000', sex: 1 },
  /** Removing a user takes it out of the organisation: the departments it heads there lose their head, named first. */
  usedBy: [{ resource: 'system.unit', field: 'leader_id', onRemove: 'ask', label: { zh_CN: '部门（负责人）', en: 'departments (as their head)' } }],
});
