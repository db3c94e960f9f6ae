// How each device family (the contract's DEVICE_FAMILIES, SPEC §1) looks when the simulator plays it.
import { DEVICE_FAMILIES, type DeviceFamily } from '@gx/contract';

export { DEVICE_FAMILIES, type DeviceFamily };

export function isDeviceFamily(s: string): s is DeviceFamily {
  return (DEVICE_FAMILIES as readonly string[]).includes(s);
}

/** What a family answers that the others do not. */
export interface FamilyProfile {
  /** Model used when the simulator provisions devices itself. */
  model: string;
  hw: string;
  fw: string;
  /** Families that run a captive portal accept portal_allow / portal_kick. */
  portal: boolean;
  /** Cloud screens accept play. */
  screen: boolean;
}

export const FAMILY_PROFILES: Record<DeviceFamily, FamilyProfile> = {
  ig: { model: 'GX-IG-5100', hw: 'v2', fw: '3.2.1', portal: true, screen: false },
  olt: { model: 'GX-OLT-16', hw: 'v1', fw: '5.0.4', portal: false, screen: false },
  onu: { model: 'GX-ONU-X4', hw: 'v3', fw: '2.8.0', portal: false, screen: false },
  fttn: { model: 'GX-FTTN-8', hw: 'v1', fw: '1.4.2', portal: false, screen: false },
  fttr: { model: 'GX-FTTR-M1', hw: 'v2', fw: '1.9.7', portal: false, screen: false },
  nmc: { model: 'GX-NMC-1', hw: 'v1', fw: '2.0.3', portal: false, screen: false },
  ap: { model: 'GX-AP-W6', hw: 'v2', fw: '6.1.0', portal: true, screen: false },
  ac: { model: 'GX-AC-512', hw: 'v1', fw: '6.1.0', portal: true, screen: false },
  switch: { model: 'GX-SW-24P', hw: 'v3', fw: '4.3.5', portal: false, screen: false },
  pbx: { model: 'GX-PBX-200', hw: 'v1', fw: '8.2.0', portal: false, screen: false },
  uc: { model: 'GX-UC-50', hw: 'v1', fw: '2.5.1', portal: false, screen: false },
  ag: { model: 'GX-AG-32S', hw: 'v2', fw: '3.7.2', portal: false, screen: false },
  vcgw: { model: 'GX-VCGW-4', hw: 'v1', fw: '1.2.9', portal: false, screen: false },
  screen: { model: 'GX-CS-55', hw: 'v1', fw: '4.0.0', portal: false, screen: true },
};
