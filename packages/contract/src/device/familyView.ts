import type { ModelCapabilities, RadioBands } from './models';
import type { FamilyPageKey } from './familyPages';
import { ONU_METRIC, OPTICAL_RX_RANGE_DBM, PON_PORT_METRIC } from './telemetry';

/**
 * The family's own detail tab (`family_view` on a family page's detail), typed per family page: what the device
 * reported last (its `metrics`), joined with its model's capabilities; a value not reported yet is null.
 */

/** Where an optical receive power sits against `OPTICAL_RX_RANGE_DBM`. */
export type OpticalLevel = 'ok' | 'low' | 'high' | null;

/** A fibre link's receive and transmit power (`rx_power_dbm`, `tx_power_dbm`) and where the receive power sits. */
export interface OpticalView { rx_dbm: number | null; tx_dbm: number | null; level: OpticalLevel }

export interface PonPortView { port: number; up: boolean; rx_dbm: number | null; tx_dbm: number | null; onus: number | null; level: OpticalLevel }
export interface OnuView { port: number; onu: number; rx_dbm: number; level: OpticalLevel }
export interface RadioView { band: '2.4G' | '5G'; channel: number | null; clients: number | null; chan_util: number | null }
export interface PlaylistItem { url: string; seconds: number }

export type FamilyView =
  | {
    page: 'gateway';
    wan: { up: boolean | null; rx_bps: number | null; tx_bps: number | null; ports: number | null };
    lan: { ports: number | null; clients: number | null; max_clients: number | null };
    radios: RadioBands | null;
  }
  | {
    page: 'fttr';
    optical: OpticalView;
    wan: { rx_bps: number | null; tx_bps: number | null };
    lan: { ports: number | null; clients: number | null; slave_units: number | null };
    radios: RadioBands | null;
  }
  | {
    page: 'olt';
    pon_ports: PonPortView[];
    onus: OnuView[];
    max_onus: number | null;
    onus_online: number | null;
    thresholds: { min: number; max: number };
  }
  | { page: 'ap'; radios: RadioView[]; noise_dbm: number | null; max_clients: number | null; bands: RadioBands | null }
  | { page: 'pbx'; sip_lines: number | null; sip_registrations: number | null; calls_active: number | null; calls_per_min: number | null; trunks_up: number | null }
  | { page: 'voiceGateway'; sip_lines: number | null; fxs_ports: number | null; sip_registrations: number | null; calls_active: number | null; asr_pct: number | null }
  | {
    page: 'cloudScreen';
    playing: boolean | null;
    programme_id: number | null;
    item_index: number | null;
    brightness_pct: number | null;
    volume_pct: number | null;
    screen_inches: number | null;
    /** The items of the last programme the platform sent (`play` command), when it is the one playing. */
    playlist: PlaylistItem[];
  }
  | {
    page: 'ac';
    aps: { managed: number | null; online: number | null; max: number | null };
    clients: number | null;
    portal_clients: number | null;
    cpu_pct: number | null;
    lan_ports: number | null;
  }
  | {
    page: 'fttn';
    optical: OpticalView;
    /** Ports up of all ports (`ports`, else the model's LAN ports), and the model's uplinks. */
    ports: { up: number | null; total: number | null; uplinks: number | null };
    traffic: { rx_bps: number | null; tx_bps: number | null };
  }
  | {
    page: 'nmc'; managed_devices: number | null; alarms_active: number | null; cpu_pct: number | null; mem_pct: number | null;
    card_slots: number | null; uplink_ports: number | null;
  }
  | {
    page: 'uc'; users_online: number | null; sip_registrations: number | null; sip_lines: number | null; meetings_active: number | null;
    calls_active: number | null; card_slots: number | null;
  }
  | {
    page: 'vcgw';
    trunks: { up: number | null; total: number | null };
    sip_registrations: number | null;
    sip_lines: number | null;
    calls_active: number | null;
    mos: number | null;
  };

type Metrics = Record<string, unknown>;

const num = (m: Metrics, k: string): number | null => (typeof m[k] === 'number' && Number.isFinite(m[k]) ? (m[k] as number) : null);
const flag = (m: Metrics, k: string): boolean | null => (num(m, k) === null ? null : num(m, k) !== 0);
const cap = (c: ModelCapabilities | null, k: string): number | null => {
  const v = (c as Record<string, unknown> | null)?.[k];
  return typeof v === 'number' ? v : null;
};
const bands = (c: ModelCapabilities | null): RadioBands | null => ((c as { radios?: RadioBands } | null)?.radios ?? null);

export function opticalLevel(dbm: number | null): OpticalLevel {
  if (dbm === null) return null;
  return dbm < OPTICAL_RX_RANGE_DBM.min ? 'low' : dbm > OPTICAL_RX_RANGE_DBM.max ? 'high' : 'ok';
}

/** The optical side of a fibre-fed device (FTTR, FTTN): its reported powers and the receive level. */
function optical(m: Metrics): OpticalView {
  const rx = num(m, 'rx_power_dbm');
  return { rx_dbm: rx, tx_dbm: num(m, 'tx_power_dbm'), level: opticalLevel(rx) };
}

/** An OLT's ports (as many as its model has, else its `pon_ports` metric, and at least those it reports) and its ONUs. */
function olt(c: ModelCapabilities | null, m: Metrics): Extract<FamilyView, { page: 'olt' }> {
  let reported = 0;
  const onus: OnuView[] = [];
  for (const [k, v] of Object.entries(m)) {
    const p = PON_PORT_METRIC.exec(k);
    if (p) reported = Math.max(reported, Number(p[1]));
    const o = ONU_METRIC.exec(k);
    if (o && typeof v === 'number') onus.push({ port: Number(o[1]), onu: Number(o[2]), rx_dbm: v, level: opticalLevel(v) });
  }
  const count = Math.min(Math.max(cap(c, 'pon_ports') ?? num(m, 'pon_ports') ?? 0, reported), 64);
  const pon_ports = Array.from({ length: count }, (_, i): PonPortView => {
    const rx = num(m, `pon${i + 1}_rx_dbm`);
    return { port: i + 1, up: rx !== null, rx_dbm: rx, tx_dbm: num(m, `pon${i + 1}_tx_dbm`), onus: num(m, `pon${i + 1}_onus`), level: opticalLevel(rx) };
  });
  onus.sort((a, b) => a.port - b.port || a.onu - b.onu);
  return { page: 'olt', pon_ports, onus, max_onus: cap(c, 'max_onus'), onus_online: num(m, 'onus_online'), thresholds: { ...OPTICAL_RX_RANGE_DBM } };
}

/**
 * The family tab of one device. `c` is its model's capabilities (null without a catalogue model), `m` its latest
 * metrics, `programme` the last programme sent to a screen (`play`): its items show while the screen reports it.
 */
export function familyView(
  page: FamilyPageKey, c: ModelCapabilities | null, m: Metrics, programme: { programme_id: number; items: PlaylistItem[] } | null = null,
): FamilyView {
  switch (page) {
    case 'gateway':
      return {
        page,
        wan: { up: flag(m, 'wan_up'), rx_bps: num(m, 'wan_rx_bps'), tx_bps: num(m, 'wan_tx_bps'), ports: cap(c, 'wan_ports') },
        lan: { ports: cap(c, 'lan_ports'), clients: num(m, 'clients'), max_clients: cap(c, 'max_clients') },
        radios: bands(c),
      };
    case 'fttr':
      return {
        page,
        optical: optical(m),
        wan: { rx_bps: num(m, 'wan_rx_bps'), tx_bps: num(m, 'wan_tx_bps') },
        lan: { ports: cap(c, 'lan_ports'), clients: num(m, 'clients'), slave_units: num(m, 'slave_units') },
        radios: bands(c),
      };
    case 'olt':
      return olt(c, m);
    case 'ap':
      return {
        page,
        radios: (['2g', '5g'] as const).map((b): RadioView => ({
          band: b === '2g' ? '2.4G' : '5G', channel: num(m, `channel_${b}`), clients: num(m, `clients_${b}`), chan_util: num(m, `chan_util_${b}`),
        })),
        noise_dbm: num(m, 'noise_dbm'), max_clients: cap(c, 'max_clients'), bands: bands(c),
      };
    case 'pbx':
      return {
        page, sip_lines: cap(c, 'sip_lines'), sip_registrations: num(m, 'sip_registrations'), calls_active: num(m, 'calls_active'),
        calls_per_min: num(m, 'calls_per_min'), trunks_up: num(m, 'trunks_up'),
      };
    case 'voiceGateway':
      return {
        page, sip_lines: cap(c, 'sip_lines'), fxs_ports: num(m, 'fxs_ports'), sip_registrations: num(m, 'sip_registrations'),
        calls_active: num(m, 'calls_active'), asr_pct: num(m, 'asr_pct'),
      };
    case 'cloudScreen':
      return {
        page, playing: flag(m, 'playing'), programme_id: num(m, 'programme_id'), item_index: num(m, 'item_index'),
        brightness_pct: num(m, 'brightness_pct'), volume_pct: num(m, 'volume_pct'), screen_inches: cap(c, 'screen_inches'),
        playlist: programme && num(m, 'programme_id') === programme.programme_id ? programme.items : [],
      };
    case 'ac':
      return {
        page, aps: { managed: num(m, 'managed_aps'), online: num(m, 'online_aps'), max: cap(c, 'max_aps') },
        clients: num(m, 'clients'), portal_clients: num(m, 'portal_clients'), cpu_pct: num(m, 'cpu'), lan_ports: cap(c, 'lan_ports'),
      };
    case 'fttn':
      return {
        page,
        optical: optical(m),
        ports: { up: num(m, 'ports_up'), total: num(m, 'ports') ?? cap(c, 'lan_ports'), uplinks: cap(c, 'uplink_ports') },
        traffic: { rx_bps: num(m, 'rx_bps'), tx_bps: num(m, 'tx_bps') },
      };
    case 'nmc':
      return {
        page, managed_devices: num(m, 'managed_devices'), alarms_active: num(m, 'alarms_active'), cpu_pct: num(m, 'cpu'), mem_pct: num(m, 'mem'),
        card_slots: cap(c, 'card_slots'), uplink_ports: cap(c, 'uplink_ports'),
      };
    case 'uc':
      return {
        page, users_online: num(m, 'users_online'), sip_registrations: num(m, 'sip_registrations'), sip_lines: cap(c, 'sip_lines'),
        meetings_active: num(m, 'meetings_active'), calls_active: num(m, 'calls_active'), card_slots: cap(c, 'card_slots'),
      };
    case 'vcgw':
      return {
        page, trunks: { up: num(m, 'sip_trunks_up'), total: num(m, 'sip_trunks') }, sip_registrations: num(m, 'sip_registrations'),
        sip_lines: cap(c, 'sip_lines'), calls_active: num(m, 'calls_active'), mos: num(m, 'mos'),
      };
  }
}
