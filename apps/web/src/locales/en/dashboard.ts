import type zh from '../zh_CN/dashboard';

export default {
  welcome: 'Welcome back, {{name}}',
  organisation: 'Current organisation',
  noOrganisation: 'Not in an organisation',
  roles: 'Roles',
  noRoles: 'No roles',
  lastLogin: 'Last login',
  lastLoginNever: 'First login',
  lastLoginFrom: '{{time}} from {{ip}}',
  areas: 'My areas',
  areasEmpty: 'No areas are available to you yet; ask an administrator to grant permissions',
  pageCount: '{{count}} pages',
} satisfies typeof zh;
