import { z } from 'zod';
import type { Label } from '../resources/types';
import type { DeviceFamily } from './families';

/**
 * What each family reports in `telemetry` (`metrics`, docs/device-protocol.md), typed per family: the metric
 * names, their labels and units. The simulator (apps/device-sim) sends exactly these; the family pages read their
 * key figures, charts and tabs from them. An OLT also reports per PON port (`pon<N>_rx_dbm`, `pon<N>_tx_dbm`,
 * `pon<N>_onus`) and per ONU (`pon<N>_onu<M>_rx_dbm`), matched by the patterns below.
 */

export type MetricUnit = 'bps' | 'dbm' | 'pct' | 'count' | 'celsius' | 'flag' | 'id' | 'per_min' | 'mos';

export interface MetricDecl { label: Label; unit: MetricUnit }

const m = (zh_CN: string, en: string, unit: MetricUnit): MetricDecl => ({ label: { zh_CN, en }, unit });

const cpu = m('CPU', 'CPU', 'pct');
const mem = m('内存', 'Memory', 'pct');
const clients = m('终端数', 'Clients', 'count');
const rxPower = m('接收光功率', 'Rx optical power', 'dbm');
const txPower = m('发送光功率', 'Tx optical power', 'dbm');
const temperature = m('温度', 'Temperature', 'celsius');
const sipRegistrations = m('SIP 注册数', 'SIP registrations', 'count');
const callsActive = m('当前通话', 'Active calls', 'count');

export const FAMILY_METRICS = {
  ig: {
    wan_rx_bps: m('WAN 下行', 'WAN down', 'bps'), wan_tx_bps: m('WAN 上行', 'WAN up', 'bps'), clients, cpu, mem,
    wan_up: m('WAN 连接', 'WAN link', 'flag'), sdwan_site: m('SD-WAN 站点 (0 无)', 'SD-WAN site (0 none)', 'id'),
  },
  olt: {
    pon_ports: m('PON 口数', 'PON ports', 'count'), pon_ports_up: m('在用 PON 口', 'PON ports up', 'count'),
    onus_online: m('在线 ONU', 'ONUs online', 'count'), rx_power_dbm: rxPower, tx_power_dbm: txPower, temperature_c: temperature,
  },
  onu: {
    rx_power_dbm: rxPower, tx_power_dbm: txPower, temperature_c: temperature, pon_up: m('PON 连接', 'PON link', 'flag'),
    lan_ports_up: m('在用 LAN 口', 'LAN ports up', 'count'),
  },
  fttn: {
    rx_power_dbm: rxPower, tx_power_dbm: txPower, ports: m('端口数', 'Ports', 'count'), ports_up: m('在用端口', 'Ports up', 'count'),
    rx_bps: m('下行流量', 'Down', 'bps'), tx_bps: m('上行流量', 'Up', 'bps'),
  },
  fttr: {
    rx_power_dbm: rxPower, tx_power_dbm: txPower, slave_units: m('从网关数', 'Slave units', 'count'), clients,
    wan_rx_bps: m('WAN 下行', 'WAN down', 'bps'), wan_tx_bps: m('WAN 上行', 'WAN up', 'bps'),
  },
  nmc: {
    managed_devices: m('纳管设备', 'Managed devices', 'count'), alarms_active: m('活动告警', 'Active alarms', 'count'), cpu, mem,
  },
  ap: {
    clients_2g: m('2.4G 终端', '2.4G clients', 'count'), clients_5g: m('5G 终端', '5G clients', 'count'),
    chan_util_2g: m('2.4G 信道利用率', '2.4G channel use', 'pct'), chan_util_5g: m('5G 信道利用率', '5G channel use', 'pct'),
    noise_dbm: m('底噪', 'Noise floor', 'dbm'), channel_2g: m('2.4G 信道', '2.4G channel', 'id'), channel_5g: m('5G 信道', '5G channel', 'id'),
  },
  ac: {
    managed_aps: m('纳管 AP', 'Managed APs', 'count'), online_aps: m('在线 AP', 'APs online', 'count'), clients,
    portal_clients: m('认证终端', 'Portal clients', 'count'), cpu,
  },
  switch: {
    ports: m('端口数', 'Ports', 'count'), ports_up: m('在用端口', 'Ports up', 'count'), rx_bps: m('下行流量', 'Down', 'bps'),
    tx_bps: m('上行流量', 'Up', 'bps'), poe_w: m('PoE 功率(W)', 'PoE power (W)', 'count'), temperature_c: temperature,
  },
  pbx: {
    sip_registrations: sipRegistrations, calls_active: callsActive, calls_per_min: m('每分钟呼叫', 'Calls per minute', 'per_min'),
    trunks_up: m('在用中继', 'Trunks up', 'count'), cpu,
  },
  uc: {
    users_online: m('在线用户', 'Users online', 'count'), sip_registrations: sipRegistrations,
    meetings_active: m('进行中会议', 'Meetings', 'count'), calls_active: callsActive,
  },
  ag: {
    fxs_ports: m('FXS 口数', 'FXS ports', 'count'), sip_registrations: sipRegistrations, calls_active: callsActive,
    asr_pct: m('接通率', 'Answer-seizure ratio', 'pct'),
  },
  vcgw: {
    sip_trunks: m('SIP 中继', 'SIP trunks', 'count'), sip_trunks_up: m('在用中继', 'Trunks up', 'count'), sip_registrations: sipRegistrations,
    calls_active: callsActive, mos: m('语音质量 MOS', 'Voice quality (MOS)', 'mos'),
  },
  screen: {
    playing: m('播放中', 'Playing', 'flag'), programme_id: m('节目编号', 'Programme', 'id'), playlist_items: m('节目单条目', 'Playlist items', 'count'),
    item_index: m('当前条目', 'Current item', 'id'), brightness_pct: m('亮度', 'Brightness', 'pct'), volume_pct: m('音量', 'Volume', 'pct'),
  },
} as const satisfies Record<DeviceFamily, Record<string, MetricDecl>>;

/** The metric names one family reports. */
export type FamilyMetricName<F extends DeviceFamily> = F extends DeviceFamily ? keyof (typeof FAMILY_METRICS)[F] & string : never;

/** Per PON port of an OLT: `pon3_rx_dbm`, `pon3_tx_dbm`, `pon3_onus`. */
export const PON_PORT_METRIC = /^pon(\d{1,2})_(rx_dbm|tx_dbm|onus)$/;
/** Per ONU behind an OLT port: `pon3_onu7_rx_dbm`. */
export const ONU_METRIC = /^pon(\d{1,2})_onu(\d{1,3})_rx_dbm$/;

/**
 * Per SD-WAN link of a gateway (`ig`) to the peer site `<P>` (the peer's `sdwan_site`): `sdwan_p3_latency_ms`,
 * `sdwan_p3_loss_pct`, `sdwan_p3_up` (1 up, 0 down). Each link is reported by one end only.
 */
export const SDWAN_LINK_METRIC = /^sdwan_p(\d{1,3})_(latency_ms|loss_pct|up)$/;

/** A family's telemetry `metrics`: its named metrics (each optional: a device may send a part) and, for an OLT, per-port ones. */
export type FamilyTelemetry<F extends DeviceFamily> = { [K in FamilyMetricName<F>]?: number } & (F extends 'olt' | 'ig' ? Record<string, number> : unknown);

const finite = z.number().finite();

/**
 * The closed schema of one family's `metrics`: its named metrics, all required when `complete` (what the simulator
 * sends each time), and for an OLT the per-port and per-ONU patterns; anything else is refused naming it.
 */
export function familyTelemetrySchema<F extends DeviceFamily>(family: F, complete = false): z.ZodType<FamilyTelemetry<F>> {
  const names = Object.keys(FAMILY_METRICS[family]);
  const shape = Object.fromEntries(names.map((k) => [k, complete ? finite : finite.optional()]));
  const base = z.object(shape);
  if (family !== 'olt' && family !== 'ig') return base.strict() as unknown as z.ZodType<FamilyTelemetry<F>>;
  const patterned = family === 'olt' ? (k: string) => PON_PORT_METRIC.test(k) || ONU_METRIC.test(k) : (k: string) => SDWAN_LINK_METRIC.test(k);
  return base.catchall(finite).superRefine((v, ctx) => {
    for (const k of Object.keys(v)) {
      if (!names.includes(k) && !patterned(k)) ctx.addIssue({ code: 'custom', path: [k], message: 'validation.unknownMetric' });
    }
  }) as unknown as z.ZodType<FamilyTelemetry<F>>;
}

/** The declaration of a metric name of a family (per-port OLT names included), or undefined. */
export function metricDecl(family: DeviceFamily, name: string): MetricDecl | undefined {
  const own = (FAMILY_METRICS[family] as Record<string, MetricDecl>)[name];
  if (own) return own;
  if (family === 'olt') {
    const port = PON_PORT_METRIC.exec(name);
    if (port) return port[2] === 'onus' ? m(`PON${port[1]} ONU 数`, `PON ${port[1]} ONUs`, 'count') : port[2] === 'rx_dbm' ? rxPower : txPower;
    if (ONU_METRIC.test(name)) return rxPower;
  }
  if (family === 'ig') {
    const link = SDWAN_LINK_METRIC.exec(name);
    if (link) {
      const [zh, en] = [`SD-WAN 至站点 ${link[1]}`, `SD-WAN to site ${link[1]}`];
      if (link[2] === 'latency_ms') return m(`${zh} 时延(ms)`, `${en} latency (ms)`, 'count');
      if (link[2] === 'loss_pct') return m(`${zh} 丢包`, `${en} loss`, 'pct');
      return m(`${zh} 链路`, `${en} link`, 'flag');
    }
  }
  return undefined;
}

/** Optical receive power an ONU or OLT port should see (GPON class B+): outside it the value is flagged. */
export const OPTICAL_RX_RANGE_DBM = { min: -27, max: -8 } as const;
