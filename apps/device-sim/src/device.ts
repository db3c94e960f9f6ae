// One simulated device: its identity and what it remembers (firmware, stored config, commands already done).
// Deliberately a plain object with no timers or emitters of its own; the fleet drives it.
import { createHash } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { DeviceIdentity } from './csv';
import { FAMILY_PROFILES } from './families';
import type { ConfigMessage } from '@gx/contract';
import type { ResultMessage } from './protocol';
import type { TelemetryState } from './telemetry';

/** Command ids remembered per device, so a redelivered command is answered again but not run twice. */
const REMEMBERED_COMMANDS = 32;

export interface PortalGuest { until: number; since: number; upKbps: number; downKbps: number }

export class SimDevice implements TelemetryState {
  readonly serial: string;
  readonly secret: string;
  readonly family: DeviceIdentity['family'];
  readonly model: string;
  readonly hw: string;
  readonly mac: string;
  readonly ip: string;
  fw: string;
  client: MqttClient | null = null;
  /** Bumped on every connect and drop; timer entries of an older epoch are stale. */
  epoch = 0;
  connected = false;
  /** When the device last booted (uptime is measured from it). */
  bootAt = Date.now();
  config: ConfigMessage | null = null;
  /** A config_push waiting for its config on down/config. */
  awaitingConfig: { id: number; timer: NodeJS.Timeout } | null = null;
  /** A config that arrived before its config_push command, with the outcome reported on up/config. */
  lastConfigOutcome: { ok: boolean; msg?: string; at: number } | null = null;
  /** Guests let through by `portal_allow`, by lower-case MAC: until when, since when, and their speed limits. */
  portal: Map<string, PortalGuest> | null = null;
  playing: { programmeId: number; items: number } | null = null;
  /** A gateway's devices as its scenes left them: target → `on`, `off`, `open`, `closed`, `stopped` or a set value. */
  readonly sceneStates = new Map<string, string | number>();
  /** Plugins installed by `plugin_install` (name → version), as the device reports them in its results. */
  readonly plugins = new Map<string, string>();
  sdwan: { site: number; peers: readonly number[] } | null = null;
  authFailures = 0;
  /** Results that could not be sent while offline, sent after the next hello (a real device keeps them too). */
  outbox: ResultMessage[] | null = null;
  private readonly done = new Map<number, ResultMessage | null>();

  constructor(readonly index: number, id: DeviceIdentity) {
    this.serial = id.serial;
    this.secret = id.secret;
    this.family = id.family;
    this.model = id.model;
    const profile = FAMILY_PROFILES[id.family];
    this.hw = profile.hw;
    this.fw = profile.fw;
    // Locally administered MAC derived from the serial, so a device keeps it across runs.
    this.mac = `02:${createHash('sha1').update(id.serial).digest('hex').slice(0, 10).match(/../g)?.join(':') ?? '00:00:00:00:00'}`;
    this.ip = `10.${(index >>> 16) & 0xff}.${(index >>> 8) & 0xff}.${(index & 0xff) || 1}`;
  }

  get seed(): number {
    return this.index + 1;
  }

  get portalClients(): number {
    if (!this.portal) return 0;
    const now = Date.now();
    for (const [mac, g] of this.portal) if (g.until <= now) this.portal.delete(mac);
    return this.portal.size;
  }

  /**
   * `up/portal` counters of the guests let through, bytes since their allow, cumulative: each guest uses a tenth of
   * its speed limit (of 2 Mbit/s when unlimited), so a daily traffic quota is reached in a predictable time.
   */
  portalCounters(now = Date.now()): { mac: string; incoming: number; outgoing: number }[] {
    if (!this.portalClients || !this.portal) return [];
    const bytes = (kbps: number, s: number) => Math.floor(((kbps || 2048) * 1000 / 8) * 0.1 * s);
    return [...this.portal].map(([mac, g]) => {
      const s = Math.max(0, (now - g.since) / 1000);
      return { mac: mac.toUpperCase(), incoming: bytes(g.downKbps, s), outgoing: bytes(g.upKbps, s) };
    });
  }

  uptimeS(now = Date.now()): number {
    return Math.floor((now - this.bootAt) / 1000);
  }

  /** 'new' the first time an id is seen; otherwise the stored result (null while it still runs). */
  remember(id: number): 'new' | ResultMessage | null {
    if (this.done.has(id)) return this.done.get(id) ?? null;
    this.done.set(id, null);
    if (this.done.size > REMEMBERED_COMMANDS) {
      const oldest = this.done.keys().next().value;
      if (oldest !== undefined) this.done.delete(oldest);
    }
    return 'new';
  }

  finished(result: ResultMessage): void {
    if (this.done.has(result.id)) this.done.set(result.id, result);
  }
}
