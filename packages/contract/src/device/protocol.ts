import { z } from 'zod';
import { DEVICE_FAMILIES } from './families';

/** Device protocol v1 (DESIGN §6, docs/device-protocol.md): topics, payloads and limits, shared by server and simulator. */

export const PROTOCOL_VERSION = 1;
/** Largest payload accepted, in bytes. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;
/** Serial: username and client id; letters, digits, `-` and `_` so it is safe inside a topic. */
export const SERIAL_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;
export const HEARTBEAT_MIN_S = 1;
export const HEARTBEAT_MAX_S = 3600;
export const HEARTBEAT_DEFAULT_S = 60;
/** Online = connected and heard from within this many heartbeats. */
export const ONLINE_HEARTBEATS = 3;
/** Telemetry: at most this many metrics per message. */
export const MAX_METRICS = 200;
/** Latest `ts` a telemetry message may carry: 9999-12-31T23:59:59.999Z (anything later is no valid date). */
export const MAX_TELEMETRY_TS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/**
 * A telemetry `ts` more than this far ahead of the server's clock is replaced by the time the server received it
 * (a device clock days ahead would otherwise file rows under days that do not exist yet).
 */
export const TELEMETRY_FUTURE_SKEW_S = 5 * 60;

export const upTopics = ['hello', 'hb', 'telemetry', 'event', 'ack', 'result', 'config', 'portal'] as const;
export type UpTopic = (typeof upTopics)[number];

export const topics = {
  state: (serial: string) => `dev/${serial}/state`,
  up: (serial: string, kind: UpTopic) => `dev/${serial}/up/${kind}`,
  cmd: (serial: string) => `dev/${serial}/down/cmd`,
  config: (serial: string) => `dev/${serial}/down/config`,
};

/** `dev/<serial>/<rest>` → its parts, or null for anything else. */
export function parseDeviceTopic(topic: string): { serial: string; rest: string } | null {
  const m = /^dev\/([^/+#]+)\/(.+)$/.exec(topic);
  return m ? { serial: m[1] as string, rest: m[2] as string } : null;
}

/** DESIGN §6 ACL: publish only to own `up/#` and `state`, subscribe only to own `down/#`. */
export function mayPublish(serial: string, topic: string): boolean {
  return topic === `dev/${serial}/state` || (topic.startsWith(`dev/${serial}/up/`) && !/[+#]/.test(topic));
}
export function maySubscribe(serial: string, filter: string): boolean {
  // Wildcards below the device's own prefix cannot reach another device's topics.
  return filter.startsWith(`dev/${serial}/down/`);
}

const short = (max: number) => z.string().max(max);

export const statePayload = z.object({ online: z.boolean() }).strict();

export const helloPayload = z.object({
  type: z.enum(DEVICE_FAMILIES),
  model: short(64),
  fw: short(64),
  hw: short(64),
  mac: z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, 'validation.mac'),
  ip: short(64),
  heartbeat_s: z.number().int().min(HEARTBEAT_MIN_S).max(HEARTBEAT_MAX_S),
  /** Optional (devices without them stay valid): the configuration version and checksum the device runs. */
  config_version: z.number().int().min(0).optional(),
  config_checksum: short(128).optional(),
}).strict();

/** Heartbeat: a few numbers for the live snapshot. */
export const hbPayload = z.record(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/), z.number().finite())
  .refine((r) => Object.keys(r).length <= 32, 'validation.tooManyMetrics');

export const telemetryPayload = z.object({
  ts: z.number().int().min(0).max(MAX_TELEMETRY_TS).optional(),
  metrics: z.record(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/), z.number().finite())
    .refine((r) => Object.keys(r).length >= 1 && Object.keys(r).length <= MAX_METRICS, 'validation.tooManyMetrics'),
}).strict();

export const EVENT_LEVELS = ['info', 'warn', 'error'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

export const eventPayload = z.object({
  level: z.enum(EVENT_LEVELS),
  code: z.string().min(1).max(64),
  msg: short(1024),
}).strict();

export const ackPayload = z.object({ id: z.number().int().min(1) }).strict();

export const resultPayload = z.object({
  id: z.number().int().min(1),
  ok: z.boolean(),
  code: short(64).optional(),
  msg: short(1024).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  progress: z.number().min(0).max(100).optional(),
}).strict();

export const configAckPayload = z.object({
  version: z.number().int().min(0),
  checksum: short(128),
  ok: z.boolean(),
  msg: short(1024).optional(),
}).strict();

/** Most guests one `up/portal` message reports. */
export const MAX_PORTAL_CLIENTS = 512;

/**
 * `up/portal`: a gateway of ours reports the traffic of the guests it let through (after `portal_allow`), bytes
 * counted since that allow, cumulative (the server keeps the larger of stored and reported, like WiFiDog counters).
 */
export const portalCountersPayload = z.object({
  clients: z.array(z.object({
    mac: z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, 'validation.mac'),
    /** Bytes to the guest (download). */
    incoming: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    /** Bytes from the guest (upload). */
    outgoing: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  }).strict()).min(1).max(MAX_PORTAL_CLIENTS),
}).strict();
export type PortalCounters = z.output<typeof portalCountersPayload>;

/** What the server publishes. */
export interface CommandMessage { id: number; name: string; params: Record<string, unknown>; expires_at: string }
export interface ConfigMessage { version: number; checksum: string; body: Record<string, unknown> }

/** Server-side event codes written to a device's log (besides the device's own events). */
export const SERVER_EVENT_CODES = [
  'online', 'offline', 'connected', 'disconnected', 'malformed', 'oversize', 'acl_denied', 'unknown_command', 'foreign_command', 'throttled',
  'secret_reset', 'config_applied', 'config_failed', 'config_unresolved', 'config_modified', 'config_stale',
] as const;
export type OfflineReason = 'lwt' | 'timeout' | 'kicked' | 'replaced' | 'disconnect';
