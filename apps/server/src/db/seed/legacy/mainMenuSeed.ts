/* A copy of the menu seed of main before areas had manifests (commit 2349033), kept verbatim so the upgrade test
 * starts from what real installations hold. Not used by the product. */
/**
 * The route tree a new installation starts with: every page area of SPEC §2, so the platform administrator sees
 * the whole product. Entries are matched by `name` on every start, so new entries reach existing installations.
 */
export interface MenuSeed {
  path: string;
  name: string;
  title: string;
  icon?: string;
  component?: string;
  hidden?: boolean;
  redirect?: string;
  noCache?: boolean;
  affix?: boolean;
  external?: boolean;
  open?: boolean;
  children?: MenuSeed[];
}

const leaf = (area: string, page: string, path: string, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  path: `/${area}/${path}`,
  name: `${area}-${page}`,
  title: `route.${area}.${page}`,
  component: `${area}/${page}`,
  ...extra,
});

const section = (area: string, icon: string, children: MenuSeed[]): MenuSeed => ({
  path: `/${area}`,
  name: area,
  title: `route.${area}`,
  icon,
  component: 'layout',
  redirect: children[0]?.path ?? '',
  children,
});

export const menuSeed: MenuSeed[] = [
  { path: '/dashboard', name: 'dashboard', title: 'route.dashboard', icon: 'DashboardOutlined', component: 'dashboard/index', affix: true, hidden: true, open: true },
  section('equipment', 'ClusterOutlined', [
    leaf('equipment', 'gateway', 'gateway'),
    leaf('equipment', 'olt', 'olt'),
    leaf('equipment', 'fttr', 'fttr'),
    leaf('equipment', 'ap', 'ap'),
    leaf('equipment', 'pbx', 'pbx'),
    leaf('equipment', 'voiceGateway', 'voice-gateway'),
    leaf('equipment', 'cloudScreen', 'cloud-screen'),
  ]),
  section('upgrade', 'CloudUploadOutlined', [leaf('upgrade', 'firmware', 'firmware'), leaf('upgrade', 'campaign', 'campaign')]),
  section('consult', 'ReadOutlined', [leaf('consult', 'article', 'article'), leaf('consult', 'classification', 'classification')]),
  section('oa', 'GlobalOutlined', [
    leaf('oa', 'website', 'website'),
    leaf('oa', 'prize', 'prize'),
    leaf('oa', 'invitation', 'invitation'),
    leaf('oa', 'suggestion', 'suggestion'),
  ]),
  section('marketing', 'GiftOutlined', [leaf('marketing', 'package', 'package'), leaf('marketing', 'order', 'order')]),
  section('business', 'ProjectOutlined', [
    leaf('business', 'workOrder', 'work-order'),
    leaf('business', 'projectTeam', 'project-team'),
    leaf('business', 'phoneBook', 'phone-book'),
  ]),
  section('portal', 'WifiOutlined', [
    leaf('portal', 'settings', 'settings'),
    leaf('portal', 'sms', 'sms'),
    leaf('portal', 'wechatMenu', 'wechat-menu'),
    leaf('portal', 'advertising', 'advertising'),
  ]),
  section('dc', 'ApiOutlined', [leaf('dc', 'services', 'services'), leaf('dc', 'audit', 'audit')]),
  section('monitor', 'FundProjectionScreenOutlined', [
    { path: '/screenhome', name: 'monitor-bigdata', title: 'route.monitor.bigdata', component: 'monitor/bigdata', external: true },
    { path: '/tvscreenhome', name: 'monitor-tv', title: 'route.monitor.tv', component: 'monitor/tv', external: true },
    { path: '/SD_WAN_Largescreen', name: 'monitor-sdwan', title: 'route.monitor.sdwan', component: 'monitor/sdwan', external: true },
  ]),
  section('system', 'SettingOutlined', [
    leaf('system', 'user', 'user'),
    leaf('system', 'role', 'role'),
    leaf('system', 'organization', 'organization'),
    leaf('system', 'permission', 'permission'),
    leaf('system', 'button', 'button'),
    leaf('system', 'operationLog', 'operation-log'),
    leaf('system', 'websiteConfig', 'website-config'),
    leaf('system', 'nic', 'nic'),
    // System pages of the resource framework's system area (issue 4).
    leaf('system', 'webmaster', 'webmaster'),
    leaf('system', 'unit', 'unit'),
    leaf('system', 'organizationManager', 'organization-manager'),
    leaf('system', 'order', 'order'),
    leaf('system', 'visitLog', 'visit-log'),
    leaf('system', 'authorityGroup', 'authority-group'),
    leaf('system', 'cluster', 'cluster'),
    leaf('system', 'cloudApp', 'cloud-app'),
  ]),
];

/** Where main attached each resource's buttons (the declarations' former `menu` field). */
export const mainButtonMenus: Record<string, string> = {
  'system.authority_group': 'system-authorityGroup', 'system.belong': 'system-organization', 'system.button': 'system-button',
  'system.cloud_app': 'system-cloudApp', 'system.cluster': 'system-cluster', 'system.nic': 'system-nic',
  'system.operation_log': 'system-operationLog', 'system.order': 'system-order', 'system.organization': 'system-organization',
  'system.organization_cluster': 'system-cluster', 'system.organization_manager': 'system-organizationManager',
  'system.permission': 'system-permission', 'system.role': 'system-role', 'system.unit': 'system-unit', 'system.user': 'system-user',
  'system.visit_log': 'system-visitLog', 'system.webmaster': 'system-webmaster', 'system.website_config': 'system-websiteConfig',
};
