import type { Label } from '../resources/types';

/** Device families (the hello `type`), SPEC §1: what a device is, which metrics and pages it has. */
export const DEVICE_FAMILIES = ['ig', 'olt', 'onu', 'fttn', 'fttr', 'nmc', 'ap', 'ac', 'switch', 'pbx', 'uc', 'ag', 'vcgw', 'screen'] as const;
export type DeviceFamily = (typeof DEVICE_FAMILIES)[number];

export const DEVICE_FAMILY_LABELS: Record<DeviceFamily, Label> = {
  ig: { zh_CN: '融合网关', en: 'Integrated gateway' },
  olt: { zh_CN: 'OLT', en: 'OLT' },
  onu: { zh_CN: 'ONU', en: 'ONU' },
  fttn: { zh_CN: 'FTTN', en: 'FTTN' },
  fttr: { zh_CN: 'FTTR', en: 'FTTR' },
  nmc: { zh_CN: '网管卡', en: 'Management card' },
  ap: { zh_CN: '云AP', en: 'Cloud AP' },
  ac: { zh_CN: 'AC 控制器', en: 'AC controller' },
  switch: { zh_CN: '交换机', en: 'Switch' },
  pbx: { zh_CN: 'IPPBX', en: 'IP PBX' },
  uc: { zh_CN: '融合通信', en: 'Unified communications' },
  ag: { zh_CN: '语音网关', en: 'Voice gateway' },
  vcgw: { zh_CN: '视频会议网关', en: 'Video-conference gateway' },
  screen: { zh_CN: '云屏', en: 'Cloud screen' },
};
