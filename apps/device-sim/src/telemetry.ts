// Plausible, cheap metrics: every value is a pure function of the device's seed and the clock, so a device keeps
// no metric state and 10,000 of them cost nothing between messages.
import type { FamilyTelemetry } from '@gx/contract';
import type { DeviceFamily } from './families';

export type Metrics = Record<string, number>;

/** What the device knows about itself that shows in its numbers. */
export interface TelemetryState {
  seed: number;
  portalClients: number;
  playing: { programmeId: number; items: number } | null;
  /** A gateway's SD-WAN site number and the peer sites whose links it reports (set by the fleet). */
  sdwan?: { site: number; peers: readonly number[] } | null;
}

/**
 * The SD-WAN overlay of a fleet's gateways: site 1 is the hub linked to every other site, and each spoke also links
 * to the next one. A link is reported by its lower-numbered end, so every link is reported once.
 */
export function sdwanPlan(sites: number): { site: number; peers: number[] }[] {
  return Array.from({ length: sites }, (_, i) => {
    const site = i + 1;
    const peers = site === 1 ? Array.from({ length: sites - 1 }, (_, k) => k + 2) : site + 1 <= sites ? [site + 1] : [];
    return { site, peers };
  });
}

/** Per-link latency, loss and state: a link of a few sites (by the seed) runs degraded, one now and then drops. */
function sdwanLinks(s: TelemetryState, t: number): Metrics {
  // Site 0: a gateway outside any SD-WAN.
  const out: Metrics = { sdwan_site: s.sdwan?.site ?? 0 };
  if (!s.sdwan) return out;
  for (const peer of s.sdwan.peers) {
    const k = s.sdwan.site * 100 + peer;
    const lossy = (s.sdwan.site + peer) % 5 === 0;
    const down = Math.sin(k * 3.7 + t / 600) > 0.97;
    out[`sdwan_p${peer}_up`] = down ? 0 : 1;
    out[`sdwan_p${peer}_latency_ms`] = down ? 0 : round(wave(k, t, 8, lossy ? 220 : 60, 600), 1);
    out[`sdwan_p${peer}_loss_pct`] = down ? 100 : round(wave(k + 1, t, 0, lossy ? 9 : 1.5, 600), 2);
  }
  return out;
}

/** A slow wave between lo and hi (period in seconds), phase-shifted per device, plus a little jitter. */
function wave(seed: number, t: number, lo: number, hi: number, period = 900): number {
  const phase = (seed * 0.6180339887) % 1;
  const s = Math.sin(2 * Math.PI * (t / period + phase));
  const jitter = Math.sin(seed * 12.9898 + t * 78.233) * 0.05;
  return lo + ((s + 1) / 2 + jitter) * (hi - lo) * 0.95;
}

const round = (v: number, digits = 0) => Math.round(v * 10 ** digits) / 10 ** digits;
const int = (v: number) => Math.max(0, Math.round(v));

/** Heartbeat body: uptime, CPU and memory percent, and clients where the family has any. */
export function heartbeat(family: DeviceFamily, s: TelemetryState, t: number, uptime: number): Metrics {
  const hb: Metrics = { uptime, cpu: round(wave(s.seed, t, 3, 70, 300), 1), mem: round(wave(s.seed + 7, t, 20, 80, 1800), 1) };
  const clients = clientsOf(family, s, t);
  if (clients !== undefined) hb.clients = clients;
  return hb;
}

function clientsOf(family: DeviceFamily, s: TelemetryState, t: number): number | undefined {
  switch (family) {
    case 'ig': case 'fttr': return int(wave(s.seed, t, 2, 40)) + s.portalClients;
    case 'ap': return int(wave(s.seed, t, 0, 60)) + s.portalClients;
    case 'ac': return int(wave(s.seed, t, 50, 900)) + s.portalClients;
    default: return undefined;
  }
}

const OLT_PORTS = 16;
/** ONUs an OLT reports one by one behind each port that is up (the contract's `pon<N>_onu<M>_rx_dbm`). */
const ONUS_PER_PORT = 4;

/**
 * An OLT: its totals, each PON port's power and ONU count (ports beyond `pon_ports_up` are down and report
 * nothing), and each ONU's receive power — about one ONU in twenty drifts out of the GPON range.
 */
function olt(s: TelemetryState, t: number): FamilyTelemetry<'olt'> {
  const w = (k: number, lo: number, hi: number, period?: number) => wave(s.seed + k, t, lo, hi, period);
  const up = OLT_PORTS - int(w(1, 0, 2.4));
  const m: Record<string, number> = {};
  let onus = 0;
  for (let p = 1; p <= up; p += 1) {
    const count = 1 + ((s.seed + p) % ONUS_PER_PORT);
    onus += count;
    m[`pon${p}_rx_dbm`] = round(w(10 + p, -22, -14), 2);
    m[`pon${p}_tx_dbm`] = round(w(30 + p, 2, 7), 2);
    m[`pon${p}_onus`] = count;
    for (let o = 1; o <= count; o += 1) {
      const drifting = (s.seed + p * 7 + o) % 20 === 0;
      m[`pon${p}_onu${o}_rx_dbm`] = round(drifting ? w(50 + p * 8 + o, -30, -27.5) : w(50 + p * 8 + o, -25, -12), 2);
    }
  }
  return {
    pon_ports: OLT_PORTS, pon_ports_up: up, onus_online: onus, rx_power_dbm: round(w(3, -24, -14), 2), tx_power_dbm: round(w(4, 2, 7), 2),
    temperature_c: round(w(5, 38, 62), 1), ...m,
  };
}

/** Family-specific telemetry `metrics` (flat string → number), as the contract types them per family. */
export function telemetry(family: DeviceFamily, s: TelemetryState, t: number): Metrics {
  const w = (k: number, lo: number, hi: number, period?: number) => wave(s.seed + k, t, lo, hi, period);
  switch (family) {
    case 'ig':
      return { wan_rx_bps: int(w(1, 2e5, 8e7)), wan_tx_bps: int(w(2, 5e4, 2e7)), clients: clientsOf(family, s, t) ?? 0, cpu: round(w(3, 3, 70), 1), mem: round(w(4, 20, 80), 1), wan_up: 1, ...sdwanLinks(s, t) };
    case 'olt':
      return olt(s, t);
    case 'onu':
      return { rx_power_dbm: round(w(1, -27, -8), 2), tx_power_dbm: round(w(2, 0.5, 5), 2), temperature_c: round(w(3, 35, 60), 1), pon_up: 1, lan_ports_up: int(w(4, 1, 4)) };
    case 'fttn':
      return { rx_power_dbm: round(w(1, -22, -10), 2), tx_power_dbm: round(w(2, 1, 5), 2), ports: 8, ports_up: int(w(3, 3, 8)), rx_bps: int(w(4, 1e6, 5e8)), tx_bps: int(w(5, 1e6, 2e8)) };
    case 'fttr':
      return { rx_power_dbm: round(w(1, -25, -10), 2), tx_power_dbm: round(w(2, 0.5, 5), 2), slave_units: int(w(3, 1, 6)), clients: clientsOf(family, s, t) ?? 0, wan_rx_bps: int(w(4, 1e5, 5e8)), wan_tx_bps: int(w(5, 5e4, 1e8)) };
    case 'nmc':
      return { managed_devices: int(w(1, 20, 400)), alarms_active: int(w(2, 0, 6)), cpu: round(w(3, 5, 60), 1), mem: round(w(4, 30, 85), 1) };
    case 'ap': {
      const c2 = int(w(1, 0, 25)), c5 = int(w(2, 0, 40));
      return { clients_2g: c2, clients_5g: c5 + s.portalClients, chan_util_2g: round(w(3, 10, 85), 1), chan_util_5g: round(w(4, 5, 60), 1), noise_dbm: round(w(5, -98, -85), 1), channel_2g: 1 + (s.seed % 3) * 5, channel_5g: 36 + (s.seed % 8) * 4 };
    }
    case 'ac':
      return { managed_aps: 64, online_aps: 64 - int(w(1, 0, 4)), clients: clientsOf(family, s, t) ?? 0, portal_clients: s.portalClients, cpu: round(w(2, 5, 60), 1) };
    case 'switch':
      return { ports: 24, ports_up: int(w(1, 6, 24)), rx_bps: int(w(2, 1e6, 9e8)), tx_bps: int(w(3, 1e6, 9e8)), poe_w: round(w(4, 20, 370), 1), temperature_c: round(w(5, 35, 58), 1) };
    case 'pbx':
      return { sip_registrations: int(w(1, 40, 200)), calls_active: int(w(2, 0, 30, 300)), calls_per_min: round(w(3, 0, 12, 300), 1), trunks_up: 2, cpu: round(w(4, 5, 50), 1) };
    case 'uc':
      return { users_online: int(w(1, 5, 50)), sip_registrations: int(w(2, 5, 50)), meetings_active: int(w(3, 0, 6)), calls_active: int(w(4, 0, 12, 300)) };
    case 'ag':
      return { fxs_ports: 32, sip_registrations: int(w(1, 20, 32)), calls_active: int(w(2, 0, 16, 300)), asr_pct: round(w(3, 60, 98), 1) };
    case 'vcgw':
      return { sip_trunks: 4, sip_trunks_up: 4 - int(w(1, 0, 1.4)), sip_registrations: int(w(2, 10, 120)), calls_active: int(w(3, 0, 60, 300)), mos: round(w(4, 3.6, 4.4), 2) };
    case 'screen':
      return { playing: s.playing ? 1 : 0, programme_id: s.playing?.programmeId ?? 0, playlist_items: s.playing?.items ?? 0, item_index: s.playing ? Math.floor(t / 15) % Math.max(1, s.playing.items) : 0, brightness_pct: int(w(1, 40, 100)), volume_pct: int(w(2, 0, 60)) };
  }
}
