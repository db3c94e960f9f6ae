import { defineArea } from '../types';

/** SPEC §2 equipment. */
export const equipmentArea = defineArea({
  key: 'equipment',
  order: 10,
  title: { zh_CN: '设备管理', en: 'Devices' },
  icon: 'ClusterOutlined',
  pages: [
    {
      key: 'device', path: 'device', title: { zh_CN: '全部设备', en: 'All devices' }, icon: 'ClusterOutlined',
      resource: 'device.binding', alsoResources: ['device.command', 'device.event'],
      permissions: [
        { key: 'device.binding.provision', label: { zh_CN: '设备管理 · 批量开通', en: 'Devices · Provision a fleet' } },
        { key: 'device.command.send', label: { zh_CN: '设备命令 · 下发', en: 'Device commands · Send' } },
        { key: 'device.binding.claim', label: { zh_CN: '设备管理 · 认领', en: 'Devices · Claim' } },
      ],
    },
    { key: 'transfer', path: 'transfer', title: { zh_CN: '设备转移', en: 'Device transfers' }, icon: 'LinkOutlined', resource: 'device.transfer' },
    { key: 'share', path: 'share', title: { zh_CN: '设备共享', en: 'Shared devices' }, icon: 'TeamOutlined', resource: 'device.share' },
    { key: 'audit', path: 'audit', title: { zh_CN: '设备审核', en: 'Device review' }, icon: 'SolutionOutlined', resource: 'device.audit' },
    {
      key: 'warehouse', path: 'warehouse', title: { zh_CN: '设备仓库', en: 'Warehouse' }, icon: 'HddOutlined', resource: 'device.warehouse',
      permissions: [
        { key: 'device.warehouse.provisioning', label: { zh_CN: '设备仓库 · 导出开通文件', en: 'Warehouse · Export provisioning CSV' } },
        { key: 'device.warehouse.authorization_number', label: { zh_CN: '设备仓库 · 重新生成授权码', en: 'Warehouse · New authorization numbers' } },
      ],
    },
    { key: 'model', path: 'model', title: { zh_CN: '设备型号', en: 'Device models' }, icon: 'AppstoreOutlined', resource: 'device.model' },
    { key: 'gateway', path: 'gateway', title: { zh_CN: '融合网关', en: 'Integrated gateways' }, icon: 'ClusterOutlined', resource: 'device.ig' },
    { key: 'olt', path: 'olt', title: { zh_CN: 'OLT 管理', en: 'OLT' }, icon: 'ClusterOutlined', resource: 'device.olt' },
    { key: 'fttr', path: 'fttr', title: { zh_CN: 'FTTR 管理', en: 'FTTR' }, icon: 'ClusterOutlined', resource: 'device.fttr' },
    { key: 'ap', path: 'ap', title: { zh_CN: '云 AP', en: 'Cloud AP' }, icon: 'ClusterOutlined', resource: 'device.ap' },
    { key: 'pbx', path: 'pbx', title: { zh_CN: 'PBX 管理', en: 'PBX' }, icon: 'ClusterOutlined', resource: 'device.pbx' },
    { key: 'voiceGateway', path: 'voice-gateway', title: { zh_CN: '语音网关', en: 'Voice gateways' }, icon: 'ClusterOutlined', resource: 'device.ag' },
    { key: 'cloudScreen', path: 'cloud-screen', title: { zh_CN: '云屏管理', en: 'Cloud screens' }, icon: 'ClusterOutlined', resource: 'device.private_screen' },
    { key: 'ac', path: 'ac', title: { zh_CN: 'AC 控制器', en: 'AC controllers' }, icon: 'ClusterOutlined', resource: 'device.ac' },
    { key: 'fttn', path: 'fttn', title: { zh_CN: 'FTTN 管理', en: 'FTTN' }, icon: 'ClusterOutlined', resource: 'device.fttn' },
    { key: 'nmc', path: 'nmc', title: { zh_CN: '网管卡', en: 'Management cards' }, icon: 'ClusterOutlined', resource: 'device.nmc' },
    { key: 'uc', path: 'uc', title: { zh_CN: '融合通信', en: 'Unified communications' }, icon: 'ClusterOutlined', resource: 'device.uc' },
    { key: 'vcgw', path: 'vcgw', title: { zh_CN: '视频会议网关', en: 'Video-conference gateways' }, icon: 'ClusterOutlined', resource: 'device.vcgw' },
    // SPEC §2's hidden smart-control editor: the programmes of gateway scenes (the server checks the scene keys).
    {
      key: 'allintelligence', path: '/allintelligence/allintelligence', title: { zh_CN: '智能控制编辑', en: 'Smart control editing' },
      hidden: true, noCache: true, custom: true,
    },
  ],
});
