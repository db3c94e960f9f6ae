import type { ComponentType } from 'react';
import {
  AppstoreOutlined,
  ApiOutlined,
  BarChartOutlined,
  ClusterOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FileTextOutlined,
  FundProjectionScreenOutlined,
  GiftOutlined,
  GlobalOutlined,
  HddOutlined,
  LinkOutlined,
  ProjectOutlined,
  ReadOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';

/**
 * Menu icon names the server may send, mapped to a small fixed set of antd icons (importing all icons would ship
 * hundreds of kilobytes). Both short area names and antd component names are understood.
 */
const ICONS: Record<string, ComponentType> = {
  dashboard: DashboardOutlined,
  equipment: ClusterOutlined,
  device: HddOutlined,
  upgrade: CloudUploadOutlined,
  consult: ReadOutlined,
  article: FileTextOutlined,
  oa: SolutionOutlined,
  marketing: GiftOutlined,
  business: ProjectOutlined,
  portal: WifiOutlined,
  dc: ApiOutlined,
  developer: ApiOutlined,
  monitor: FundProjectionScreenOutlined,
  screen: DesktopOutlined,
  chart: BarChartOutlined,
  system: SettingOutlined,
  user: UserOutlined,
  website: GlobalOutlined,
  link: LinkOutlined,
  // antd names, e.g. `SettingOutlined` → `setting`
  hdd: HddOutlined,
  cloudupload: CloudUploadOutlined,
  read: ReadOutlined,
  filetext: FileTextOutlined,
  solution: SolutionOutlined,
  shop: ShopOutlined,
  team: TeamOutlined,
  wifi: WifiOutlined,
  api: ApiOutlined,
  fundprojectionscreen: FundProjectionScreenOutlined,
  desktop: DesktopOutlined,
  barchart: BarChartOutlined,
  setting: SettingOutlined,
  global: GlobalOutlined,
  appstore: AppstoreOutlined,
  cluster: ClusterOutlined,
  gift: GiftOutlined,
  project: ProjectOutlined,
  thunderbolt: ThunderboltOutlined,
};

function iconKey(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '').replace(/(outlined|filled|twotone)$/, '');
}

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[iconKey(name)] ?? AppstoreOutlined;
  return <Icon />;
}
