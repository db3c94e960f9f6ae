import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { topics, type CommandMessage, type ConfigMessage } from '@gx/contract';
import type { TestApp } from '../../testing/testApp';

/**
 * A device played with a plain mqtt.js client, speaking only the documented protocol (docs/device-protocol.md).
 * Used by the protocol tests; nothing here reaches into the server.
 */
export interface PlayedDevice {
  client: MqttClient;
  serial: string;
  commands: CommandMessage[];
  configs: ConfigMessage[];
  publish(kind: string, body: unknown, qos?: 0 | 1): Promise<void>;
  hello(heartbeatS?: number): Promise<void>;
  /** Drops the TCP connection without DISCONNECT: the broker publishes the last will. */
  drop(): void;
  end(): Promise<void>;
}

export async function playDevice(url: string, serial: string, secret: string | undefined, opts: Partial<IClientOptions> = {}): Promise<PlayedDevice> {
  const client = await mqtt.connectAsync(url, {
    clientId: serial,
    ...(secret !== undefined ? { username: serial, password: secret } : {}),
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    keepalive: 60,
    will: { topic: topics.state(serial), payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    ...opts,
  });
  const commands: CommandMessage[] = [];
  const configs: ConfigMessage[] = [];
  client.on('message', (topic, payload) => {
    if (topic === topics.cmd(serial)) commands.push(JSON.parse(payload.toString()) as CommandMessage);
    if (topic === topics.config(serial)) configs.push(JSON.parse(payload.toString()) as ConfigMessage);
  });
  client.on('error', () => undefined);
  await client.subscribeAsync(`dev/${serial}/down/#`, { qos: 1 });
  await client.publishAsync(topics.state(serial), '{"online":true}', { qos: 1, retain: true });
  const d: PlayedDevice = {
    client, serial, commands, configs,
    async publish(kind, body, qos = 1) {
      const payload = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
      await client.publishAsync(kind === 'state' ? topics.state(serial) : `dev/${serial}/up/${kind}`, payload, { qos });
    },
    hello: (heartbeatS = 60) => d.publish('hello', { type: 'ig', model: 'GX-1', fw: '1.0.0', hw: 'A1', mac: '00:11:22:33:44:55', ip: '10.0.0.2', heartbeat_s: heartbeatS }),
    drop() {
      client.stream.destroy();
    },
    async end() {
      // A session the broker already closed (kicked, throttled) has nothing to say goodbye to.
      if (client.connected) await client.endAsync();
      else client.end(true);
    },
  };
  return d;
}

/**
 * Polls a condition until it holds (tests wait on conditions, never on fixed sleeps). The patience is most of the
 * test's own 60 s: on a machine loaded twentyfold a command round trip through PostgreSQL took over 20 s.
 */
export async function until<T>(what: string, fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface DeviceRow { id: number; serial: string; online: number; last_seen_at: string | null; fw: string; heartbeat_s: number; snapshot: Record<string, number>; metrics: Record<string, number>; status: number;
  connected: number; connected_at: string | null; disconnected_at: string | null; disconnect_reason: string; config_sync: string | null }
export interface CommandRow { id: number; device_id: number; state: string; progress: number | null; result: { ok: boolean; data: unknown } | null }
export interface EventRow { id: number; device_id: number; level: string; code: string; msg: string }

export function deviceApi(t: TestApp, token: string) {
  const post = <T>(path: string, body: Record<string, unknown>) => t.post<T>(path, body, { token });
  return {
    post,
    async add(serial: string, extra: Record<string, unknown> = {}): Promise<{ id: number; secret: string }> {
      const r = await post<{ id: number; secret: string }>('/admin/device/binding', { method: 'add', serial, family: 'ig', ...extra });
      if (r.code !== 200 || !r.data) throw new Error(`add ${serial}: ${r.code} ${r.msg} ${r.field ?? ''}`);
      return r.data;
    },
    async device(id: number): Promise<DeviceRow> {
      return (await post<DeviceRow>('/admin/device/binding', { method: 'detail', id })).data!;
    },
    async send(ids: number[], name: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
      return post<{ batch: string; list: { id: number; device_id: number; state: string }[] }>('/admin/device/command', { method: 'send', ids, name, params, ...extra });
    },
    async command(id: number): Promise<CommandRow> {
      return (await post<CommandRow>('/admin/device/command', { method: 'detail', id })).data!;
    },
    async events(deviceId: number): Promise<EventRow[]> {
      return (await post<{ list: EventRow[] }>('/admin/device/event', { method: 'list', device_id: deviceId, size: 100 })).data!.list;
    },
  };
}
