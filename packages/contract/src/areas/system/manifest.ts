import { defineArea } from '../types';

/** SPEC §2 system, §7 System: the organisation's people, roles and permissions, and the platform's catalogue. */
export const systemArea = defineArea({
  key: 'system',
  order: 100,
  title: { zh_CN: '系统管理', en: 'System' },
  icon: 'SettingOutlined',
  pages: [
    {
      key: 'user', path: 'user', title: { zh_CN: '用户管理', en: 'Users' }, resource: 'system.user',
      permissions: [{ key: 'system.user.succession', label: { zh_CN: '用户管理 · 离职继承', en: 'Users · Resignation handover' } }],
    },
    { key: 'role', path: 'role', title: { zh_CN: '角色管理', en: 'Roles' }, resource: 'system.role' },
    { key: 'organization', path: 'organization', title: { zh_CN: '组织管理', en: 'Organisations' }, resource: 'system.organization', alsoResources: ['system.belong'] },
    { key: 'permission', path: 'permission', title: { zh_CN: '权限管理', en: 'Permissions' }, resource: 'system.permission' },
    { key: 'button', path: 'button', title: { zh_CN: '按钮管理', en: 'Buttons' }, resource: 'system.button' },
    { key: 'operationLog', path: 'operation-log', title: { zh_CN: '操作日志', en: 'Operation log' }, resource: 'system.operation_log' },
    {
      key: 'websiteConfig', path: 'website-config', title: { zh_CN: '网站配置', en: 'Website config' }, resource: 'system.website_config',
      permissions: [
        { key: 'system.domain_config.detail', label: { zh_CN: '页面配置 · 查看', en: 'Page configuration · View' } },
        { key: 'system.domain_config.form', label: { zh_CN: '页面配置 · 保存', en: 'Page configuration · Save' } },
      ],
    },
    { key: 'nic', path: 'nic', title: { zh_CN: '网卡管理', en: 'Network interfaces' }, resource: 'system.nic' },
    {
      key: 'webmaster', path: 'webmaster', title: { zh_CN: '人员名录', en: 'Personnel' }, resource: 'system.webmaster',
      permissions: [{ key: 'system.webmaster.form_select', label: { zh_CN: '人员名录 · 人员选择', en: 'Personnel · Pick a person' } }],
    },
    { key: 'unit', path: 'unit', title: { zh_CN: '部门管理', en: 'Departments' }, resource: 'system.unit' },
    { key: 'organizationManager', path: 'organization-manager', title: { zh_CN: '组织管理员', en: 'Organisation managers' }, resource: 'system.organization_manager' },
    { key: 'order', path: 'order', title: { zh_CN: '订单管理', en: 'Orders' }, resource: 'system.order' },
    { key: 'visitLog', path: 'visit-log', title: { zh_CN: '访问日志', en: 'Visit log' }, resource: 'system.visit_log' },
    { key: 'authorityGroup', path: 'authority-group', title: { zh_CN: '权限组', en: 'Permission groups' }, resource: 'system.authority_group' },
    { key: 'cluster', path: 'cluster', title: { zh_CN: '集群管理', en: 'Clusters' }, resource: 'system.cluster', alsoResources: ['system.organization_cluster'] },
    { key: 'cloudApp', path: 'cloud-app', title: { zh_CN: '云应用', en: 'Cloud apps' }, resource: 'system.cloud_app' },
  ],
});
