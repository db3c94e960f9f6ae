import type { DeviceFamily } from './families';
import type { ModelCapabilities, RadioBands } from './models';

/**
 * What the console shows about one device of a family, typed per family: its model's capabilities joined with the
 * latest metrics the device reported (docs/device-protocol.md, suggested metric names). A value the device has not
 * reported yet is null; a PON port list has one entry per port of the model.
 */
export interface PonPortFacts { port: number; rx_dbm: number | null; tx_dbm: number | null }

interface GatewayFacts { lan_ports: number | null; wan_ports: number | null; clients: number | null; wan_rx_bps: number | null; wan_tx_bps: number | null }
interface VoiceFacts { sip_lines: number | null; sip_registered: number | null; calls_active: number | null }

export type DeviceFacts =
  | ({ family: 'ig' } & GatewayFacts & VoiceFacts & { radios: RadioBands | null })
  | { family: 'olt'; pon_ports: PonPortFacts[]; max_onus: number | null; pon_ports_up: number | null }
  | { family: 'onu' | 'fttr'; pon_ports: PonPortFacts[]; lan_ports: number | null; radios: RadioBands | null; clients: number | null }
  | ({ family: 'fttn' | 'switch' } & { lan_ports: number | null; uplink_ports: number | null })
  | { family: 'nmc'; card_slots: number | null; uplink_ports: number | null }
  | { family: 'ap'; radios: RadioBands | null; max_clients: number | null; clients_2g: number | null; clients_5g: number | null; chan_util_2g: number | null; chan_util_5g: number | null }
  | { family: 'ac'; max_aps: number | null; clients: number | null }
  | ({ family: 'pbx' | 'ag' | 'vcgw' } & VoiceFacts)
  | ({ family: 'uc' } & VoiceFacts & { card_slots: number | null })
  | { family: 'screen'; screen_inches: number | null; programme_id: number | null; playing: number | null };

type Metrics = Record<string, unknown>;

const num = (m: Metrics, k: string): number | null => (typeof m[k] === 'number' && Number.isFinite(m[k]) ? (m[k] as number) : null);
const cap = (c: ModelCapabilities | null, k: string): number | null => {
  const v = (c as Record<string, unknown> | null)?.[k];
  return typeof v === 'number' ? v : null;
};
const radios = (c: ModelCapabilities | null): RadioBands | null => ((c as { radios?: RadioBands } | null)?.radios ?? null);

/** PON ports 1…n of the model (or as many as the device reported when the model says nothing), with their power. */
function ponPorts(c: ModelCapabilities | null, m: Metrics): PonPortFacts[] {
  const reported = Object.keys(m).map((k) => /^pon(\d+)_(rx|tx)_dbm$/.exec(k)?.[1]).filter(Boolean).map(Number);
  const count = cap(c, 'pon_ports') ?? (reported.length ? Math.max(...reported) : 0);
  return Array.from({ length: Math.min(count, 64) }, (_, i) => ({ port: i + 1, rx_dbm: num(m, `pon${i + 1}_rx_dbm`), tx_dbm: num(m, `pon${i + 1}_tx_dbm`) }));
}

/** The device's facts for its family; the model's capabilities may be missing (a device added without a model). */
export function deviceFacts(family: DeviceFamily, c: ModelCapabilities | null, m: Metrics): DeviceFacts {
  const caps = c && c.family === family ? c : null;
  const voice = (): VoiceFacts => ({ sip_lines: cap(caps, 'sip_lines'), sip_registered: num(m, 'sip_registrations') ?? num(m, 'sip_registered'), calls_active: num(m, 'calls_active') });
  switch (family) {
    case 'ig':
      return {
        family, lan_ports: cap(caps, 'lan_ports'), wan_ports: cap(caps, 'wan_ports'), clients: num(m, 'clients'), wan_rx_bps: num(m, 'wan_rx_bps'),
        wan_tx_bps: num(m, 'wan_tx_bps'), radios: radios(caps), ...voice(),
      };
    case 'olt':
      return { family, pon_ports: ponPorts(caps, m), max_onus: cap(caps, 'max_onus'), pon_ports_up: num(m, 'pon_ports_up') };
    case 'onu': case 'fttr':
      return { family, pon_ports: ponPorts(caps, m), lan_ports: cap(caps, 'lan_ports'), radios: radios(caps), clients: num(m, 'clients') };
    case 'fttn': case 'switch':
      return { family, lan_ports: cap(caps, 'lan_ports'), uplink_ports: cap(caps, 'uplink_ports') };
    case 'nmc':
      return { family, card_slots: cap(caps, 'card_slots'), uplink_ports: cap(caps, 'uplink_ports') };
    case 'ap':
      return {
        family, radios: radios(caps), max_clients: cap(caps, 'max_clients'), clients_2g: num(m, 'clients_2g'), clients_5g: num(m, 'clients_5g'),
        chan_util_2g: num(m, 'chan_util_2g'), chan_util_5g: num(m, 'chan_util_5g'),
      };
    case 'ac':
      return { family, max_aps: cap(caps, 'max_aps'), clients: num(m, 'clients') };
    case 'pbx': case 'ag': case 'vcgw':
      return { family, ...voice() };
    case 'uc':
      return { family, ...voice(), card_slots: cap(caps, 'card_slots') };
    case 'screen':
      return { family, screen_inches: cap(caps, 'screen_inches'), programme_id: num(m, 'programme_id'), playing: num(m, 'playing') };
  }
}
