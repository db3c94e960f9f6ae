import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, statusField } from '../common';

/** Accounts of the caller's organisation (SPEC §2 system/user, §7 /admin/system/user/{list,add,update,remove}). */
export const userResource = declareResource({
  key: 'system.user',
  path: '/admin/system/user',
  aliasPaths: true,
  menu: 'system-user',
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
    sex: {
      type: 'select', label: { zh_CN: '性别', en: 'Gender' }, default: 1,
      options: [{ value: 1, label: { zh_CN: '男', en: 'Male' } }, { value: 0, label: { zh_CN: '女', en: 'Female' } }],
    },
    company_name: { type: 'text', label: { zh_CN: '公司名称', en: 'Company' }, max: 128 },
    role_ids: {
      type: 'refMany', label: { zh_CN: '角色', en: 'Roles' }, ref: { resource: 'system.role' }, max: 50,
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
      { field: 'id', width: 80, sortable: true },
      { field: 'username', width: 160, sortable: true },
      { field: 'nickname', width: 140 },
      { field: 'cellphone', width: 140 },
      { field: 'email', width: 200, ellipsis: true },
      { field: 'role_ids', width: 200, render: 'refTags' },
      { field: 'status', width: 100 },
      { field: 'last_login_at', width: 180, sortable: true },
      { field: 'created_at', width: 180, sortable: true },
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
      name: 'reset_password', label: { zh_CN: '重置密码', en: 'Reset password' }, placement: 'row', fields: ['password'],
      confirm: { zh_CN: '重置后该用户需用新密码重新登录，确定吗？', en: 'The user will have to sign in again with the new password. Continue?' },
    },
  ],
  picker: { label: ['nickname', 'username'], search: ['username', 'nickname', 'cellphone'] },
  io: {
    import: ['username', 'nickname', 'password', 'cellphone', 'email', 'sex', 'company_name'],
    export: ['id', 'username', 'nickname', 'cellphone', 'email', 'sex', 'company_name', 'status', 'last_login_at', 'created_at'],
  },
  example: { username: 'example_user', nickname: 'Example', password: 'e10adc3949ba59abbe56e057f20f883e', cellphone: '13800138000', sex: 1 },
});
