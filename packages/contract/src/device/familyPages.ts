import type { Label } from '../resources/types';
import type { DeviceFamily } from './families';
import { FAMILY_METRICS, type FamilyMetricName } from './telemetry';

/**
 * The per-family device pages of the equipment menu, as data keyed by page: which family each lists, where its
 * endpoint sits under `/admin/device/` (SPEC §7), the key figures its list shows from the latest telemetry, the
 * charts of its detail and the title of its own tab. One console page and one server binding factory read this;
 * adding a family page is one entry here, one line in the manifest and one declaration line.
 */
export interface FamilyChart<F extends DeviceFamily> {
  key: string;
  title: Label;
  metrics: readonly FamilyMetricName<F>[];
}

export interface FamilyPage<F extends DeviceFamily = DeviceFamily> {
  /** The menu's title (the manifest's, kept equal by the areas test). */
  title: Label;
  family: F;
  /** Path segment below `/admin/device/` and resource key `device.<segment>`. */
  segment: string;
  /** Metrics shown as list columns (latest value). */
  figures: readonly FamilyMetricName<F>[];
  charts: readonly FamilyChart<F>[];
  /** The family's own detail tab. */
  tab: Label;
}

const page = <F extends DeviceFamily>(p: FamilyPage<F>): FamilyPage<F> => p;
const title = (zh_CN: string, en: string): Label => ({ zh_CN, en });

export const FAMILY_PAGES = {
  gateway: page({
    title: title('融合网关', 'Integrated gateways'),
    family: 'ig', segment: 'ig', figures: ['wan_rx_bps', 'wan_tx_bps', 'clients'], tab: title('WAN / LAN', 'WAN / LAN'),
    charts: [
      { key: 'wan', title: title('WAN 流量', 'WAN traffic'), metrics: ['wan_rx_bps', 'wan_tx_bps'] },
      { key: 'clients', title: title('终端数', 'Clients'), metrics: ['clients'] },
      { key: 'load', title: title('负载', 'Load'), metrics: ['cpu', 'mem'] },
    ],
  }),
  olt: page({
    title: title('OLT 管理', 'OLT'),
    family: 'olt', segment: 'olt', figures: ['pon_ports_up', 'onus_online', 'rx_power_dbm'], tab: title('PON 口与 ONU', 'PON ports and ONUs'),
    charts: [
      { key: 'optical', title: title('光功率', 'Optical power'), metrics: ['rx_power_dbm', 'tx_power_dbm'] },
      { key: 'onus', title: title('在线 ONU', 'ONUs online'), metrics: ['onus_online'] },
      { key: 'temperature', title: title('温度', 'Temperature'), metrics: ['temperature_c'] },
    ],
  }),
  fttr: page({
    title: title('FTTR 管理', 'FTTR'),
    family: 'fttr', segment: 'fttr', figures: ['rx_power_dbm', 'slave_units', 'clients'], tab: title('光路与组网', 'Fibre and units'),
    charts: [
      { key: 'wan', title: title('WAN 流量', 'WAN traffic'), metrics: ['wan_rx_bps', 'wan_tx_bps'] },
      { key: 'optical', title: title('光功率', 'Optical power'), metrics: ['rx_power_dbm', 'tx_power_dbm'] },
      { key: 'clients', title: title('终端与从网关', 'Clients and units'), metrics: ['clients', 'slave_units'] },
    ],
  }),
  ap: page({
    title: title('云 AP', 'Cloud AP'),
    family: 'ap', segment: 'ap', figures: ['clients_2g', 'clients_5g', 'chan_util_5g'], tab: title('射频与终端', 'Radios and clients'),
    charts: [
      { key: 'clients', title: title('各频段终端', 'Clients per radio'), metrics: ['clients_2g', 'clients_5g'] },
      { key: 'utilisation', title: title('信道利用率', 'Channel use'), metrics: ['chan_util_2g', 'chan_util_5g'] },
    ],
  }),
  pbx: page({
    title: title('PBX 管理', 'PBX'),
    family: 'pbx', segment: 'pbx', figures: ['sip_registrations', 'calls_active', 'calls_per_min'], tab: title('注册与通话', 'Registrations and calls'),
    charts: [
      { key: 'calls', title: title('通话', 'Calls'), metrics: ['calls_active', 'calls_per_min'] },
      { key: 'registrations', title: title('SIP 注册', 'SIP registrations'), metrics: ['sip_registrations'] },
    ],
  }),
  voiceGateway: page({
    title: title('语音网关', 'Voice gateways'),
    family: 'ag', segment: 'ag', figures: ['sip_registrations', 'calls_active', 'asr_pct'], tab: title('注册与通话', 'Registrations and calls'),
    charts: [
      { key: 'calls', title: title('通话', 'Calls'), metrics: ['calls_active', 'sip_registrations'] },
      { key: 'asr', title: title('接通率', 'Answer-seizure ratio'), metrics: ['asr_pct'] },
    ],
  }),
  cloudScreen: page({
    title: title('云屏管理', 'Cloud screens'),
    family: 'screen', segment: 'private_screen', figures: ['playing', 'programme_id'], tab: title('节目', 'Programme'),
    charts: [
      { key: 'display', title: title('亮度与音量', 'Brightness and volume'), metrics: ['brightness_pct', 'volume_pct'] },
      { key: 'programme', title: title('播放', 'Playback'), metrics: ['playing', 'item_index'] },
    ],
  }),
  ac: page({
    title: title('AC 控制器', 'AC controllers'),
    family: 'ac', segment: 'ac', figures: ['online_aps', 'clients', 'portal_clients'], tab: title('AP 与终端', 'APs and clients'),
    charts: [
      { key: 'aps', title: title('纳管与在线 AP', 'Managed and online APs'), metrics: ['managed_aps', 'online_aps'] },
      { key: 'clients', title: title('终端与认证终端', 'Clients and portal clients'), metrics: ['clients', 'portal_clients'] },
      { key: 'load', title: title('CPU', 'CPU'), metrics: ['cpu'] },
    ],
  }),
  fttn: page({
    title: title('FTTN 管理', 'FTTN'),
    family: 'fttn', segment: 'fttn', figures: ['rx_power_dbm', 'ports_up', 'rx_bps'], tab: title('光路与端口', 'Fibre and ports'),
    charts: [
      { key: 'optical', title: title('光功率', 'Optical power'), metrics: ['rx_power_dbm', 'tx_power_dbm'] },
      { key: 'traffic', title: title('流量', 'Traffic'), metrics: ['rx_bps', 'tx_bps'] },
      { key: 'ports', title: title('端口', 'Ports'), metrics: ['ports_up', 'ports'] },
    ],
  }),
  nmc: page({
    title: title('网管卡', 'Management cards'),
    family: 'nmc', segment: 'nmc', figures: ['managed_devices', 'alarms_active', 'cpu'], tab: title('纳管与告警', 'Managed devices and alarms'),
    charts: [
      { key: 'alarms', title: title('活动告警', 'Active alarms'), metrics: ['alarms_active'] },
      { key: 'managed', title: title('纳管设备', 'Managed devices'), metrics: ['managed_devices'] },
      { key: 'load', title: title('负载', 'Load'), metrics: ['cpu', 'mem'] },
    ],
  }),
  uc: page({
    title: title('融合通信', 'Unified communications'),
    family: 'uc', segment: 'uc', figures: ['users_online', 'meetings_active', 'calls_active'], tab: title('用户与会话', 'Users and sessions'),
    charts: [
      { key: 'users', title: title('在线用户与注册', 'Users and registrations'), metrics: ['users_online', 'sip_registrations'] },
      { key: 'sessions', title: title('会议与通话', 'Meetings and calls'), metrics: ['meetings_active', 'calls_active'] },
    ],
  }),
  vcgw: page({
    title: title('视频会议网关', 'Video-conference gateways'),
    family: 'vcgw', segment: 'vcgw', figures: ['sip_trunks_up', 'calls_active', 'mos'], tab: title('中继与通话', 'Trunks and calls'),
    charts: [
      { key: 'calls', title: title('通话与注册', 'Calls and registrations'), metrics: ['calls_active', 'sip_registrations'] },
      { key: 'trunks', title: title('SIP 中继', 'SIP trunks'), metrics: ['sip_trunks_up', 'sip_trunks'] },
      { key: 'quality', title: title('语音质量', 'Voice quality'), metrics: ['mos'] },
    ],
  }),
} as const;

export type FamilyPageKey = keyof typeof FAMILY_PAGES;
export const FAMILY_PAGE_KEYS = Object.keys(FAMILY_PAGES) as FamilyPageKey[];

/** Resource key of a family page's device list (`device.olt`). */
export const familyResourceKey = (key: FamilyPageKey) => `device.${FAMILY_PAGES[key].segment}`;
/** Every family list's resource key, for the live stream and the permission check of its messages. */
export const FAMILY_RESOURCE_KEYS: readonly string[] = FAMILY_PAGE_KEYS.map(familyResourceKey);

/** Telemetry windows a chart shows, with the width of one point (the stored series averaged per bucket). */
export const TELEMETRY_RANGES = {
  hour: { ms: 60 * 60 * 1000, bucketS: 30 },
  day: { ms: 24 * 60 * 60 * 1000, bucketS: 600 },
  week: { ms: 7 * 24 * 60 * 60 * 1000, bucketS: 3600 },
} as const;
export type TelemetryRange = keyof typeof TELEMETRY_RANGES;
export const TELEMETRY_RANGE_NAMES = Object.keys(TELEMETRY_RANGES) as TelemetryRange[];

/** A family page's `telemetry` answer: the chart metrics of one device over a window. */
export interface TelemetrySeries {
  range: TelemetryRange;
  bucket_s: number;
  from: string;
  to: string;
  metrics: string[];
  /** One point per bucket that has data: its start and the average of each metric within it. */
  points: { ts: string; values: Record<string, number | null> }[];
}

/** Every chart metric of a family page (what its `telemetry` method answers). */
export function chartMetrics(key: FamilyPageKey): string[] {
  return [...new Set((FAMILY_PAGES[key] as unknown as FamilyPage).charts.flatMap((c) => c.metrics as readonly string[]))];
}

/** Checked at load: every figure and chart metric is one the family reports. */
for (const [key, p] of Object.entries(FAMILY_PAGES) as unknown as [string, FamilyPage][]) {
  const own = FAMILY_METRICS[p.family] as Record<string, unknown>;
  for (const name of [...p.figures, ...p.charts.flatMap((c) => c.metrics)]) {
    if (!own[name]) throw new Error(`family page ${key}: ${p.family} reports no ${name}`);
  }
}
