// How the simulated fleet behaves: rates, delays and the faults it injects.
export interface SimOptions {
  /** Broker: mqtt://host:port or ws://host:port/mqtt. */
  url: string;
  /** Heartbeat interval reported in hello and kept. */
  heartbeatS: number;
  /** Telemetry interval. */
  telemetryS: number;
  /** Share of commands that end with ok:false (0–1). */
  failureRate: number;
  /** Delay before a device acts on a command, ±25 % jitter. */
  latencyMs: number;
  /** Chance per device per minute of an abrupt connection drop (the broker then sends its last will). */
  flap: number;
  /** Every this many seconds a reconnect storm drops `stormFraction` of the connected devices at once; 0 = off. */
  stormEveryS: number;
  stormFraction: number;
  /** A dropped device comes back after a random delay up to this long. */
  reconnectJitterMs: number;
  /** How long a restart keeps the device away before it reconnects. */
  restartDelayMs: number;
  /** Connections opened at the same time while the fleet comes up. */
  connectConcurrency: number;
  /** MQTT keepalive. */
  keepaliveS: number;
}

export const DEFAULT_OPTIONS: SimOptions = {
  url: 'mqtt://127.0.0.1:1884',
  heartbeatS: 30,
  telemetryS: 60,
  failureRate: 0,
  latencyMs: 0,
  flap: 0,
  stormEveryS: 0,
  stormFraction: 0.5,
  reconnectJitterMs: 5000,
  restartDelayMs: 3000,
  connectConcurrency: 100,
  keepaliveS: 60,
};
