import { createServer, type Server } from 'node:net';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { mayPublish, maySubscribe, parseDeviceTopic } from '@gx/contract';
import type { Transport, TransportEvents } from './transport';
import { newRate, rateStep, type Rate } from './rate';

/** Path of MQTT over WebSocket on the HTTP port. */
export const MQTT_WS_PATH = '/mqtt';
/** A publish this large closes the connection at once instead of being read and dropped. */
const HARD_PAYLOAD_LIMIT = 1024 * 1024;

export interface EmbeddedOptions {
  /** TCP port: null for none, 0 for any free one. */
  port: number | null;
  host: string;
  /** The HTTP server whose `/mqtt` upgrades carry MQTT over WebSocket. */
  http: HttpServer;
  /** Messages per second a device may publish; more are dropped, twice as many disconnect it. */
  rateLimit: number;
}

/**
 * Client id = serial (DESIGN §6); `<serial>:<suffix>` is accepted too, so a person playing a device with
 * `mosquitto_sub` and `mosquitto_pub` can keep both connected (`:` never occurs in a serial).
 */
export function clientIdFits(clientId: string, serial: string): boolean {
  return clientId === serial || (clientId.startsWith(`${serial}:`) && clientId.length <= serial.length + 33);
}

const isStateTopic = (topic: string) => /^dev\/[^/]+\/state$/.test(topic);

/** The embedded broker (aedes): devices authenticate with serial/secret and stay inside their own topics. */
export function embeddedTransport(opts: EmbeddedOptions, events: TransportEvents): Transport {
  /** Live sessions by client id, and the device each belongs to. */
  const sessions = new Map<string, Client>();
  const serialOf = new WeakMap<Client, string>();
  /** Connections per device: `S` itself plus `S:<anything>` helpers (a mosquitto_sub beside a mosquitto_pub). */
  const bySerial = new Map<string, Set<Client>>();
  const timedOut = new WeakSet<Client>();
  /** Sessions a newer connection of the same device is taking over (aedes closes them before admitting it). */
  const replaced = new WeakSet<Client>();
  const hadWill = new WeakSet<Client>();
  const rates = new WeakMap<Client, Rate>();
  const dropped = new WeakSet<object>();
  let tcp: Server | null = null;
  let wss: WebSocketServer | null = null;
  let onUpgrade: ((req: IncomingMessage, socket: Duplex, head: Buffer) => void) | null = null;

  const broker = new Aedes({
    // Session state of 10,000 devices in memory: keep it small; commands are persisted by the server, not here.
    queueLimit: 100,
    authenticate(client, username, password, done) {
      const refuse = () => {
        const err = new Error('refused') as AuthenticateError;
        err.returnCode = 4;
        done(err, null);
      };
      const serial = username ?? '';
      if (!serial || !password || !clientIdFits(client.id, serial)) return refuse();
      events.authenticate(serial, password.toString('utf8')).then((ok) => {
        if (!ok) return refuse();
        serialOf.set(client, serial);
        const old = sessions.get(client.id);
        if (old && old !== client) replaced.add(old);
        done(null, true);
      }, refuse);
    },
    authorizePublish(client, packet, callback) {
      if (!client) return callback(null);
      const serial = serialOf.get(client) ?? '';
      if (!mayPublish(serial, packet.topic)) {
        events.refused(serial, 'publish', packet.topic);
        return callback(new Error('topic not allowed'));
      }
      if (packet.payload.length > HARD_PAYLOAD_LIMIT) return callback(new Error('payload too large'));
      // Only a device's `state` is kept for later readers (DESIGN §6: QoS 1, retained), so the broker always holds
      // each device's last word; anything else a device marks retained is passed on but not kept.
      if (packet.retain && !isStateTopic(packet.topic)) packet.retain = false;
      const now = Date.now();
      let r = rates.get(client);
      if (!r) rates.set(client, r = newRate(now));
      const verdict = rateStep(r, opts.rateLimit, now);
      if (verdict !== 'pass') {
        dropped.add(packet);
        packet.retain = false;
        if (verdict === 'kick') {
          events.throttled(serial, true);
          client.close();
          return callback(null);
        }
        if (verdict === 'report') events.throttled(serial, false);
      }
      callback(null);
    },
    authorizeSubscribe(client, sub, callback) {
      const serial = serialOf.get(client) ?? '';
      if (!maySubscribe(serial, sub.topic)) {
        events.refused(serial, 'subscribe', sub.topic);
        return callback(null, null);
      }
      callback(null, sub);
    },
  });

  broker.on('client', (client) => {
    const serial = serialOf.get(client);
    if (!serial) return;
    sessions.set(client.id, client);
    const all = bySerial.get(serial) ?? new Set<Client>();
    all.add(client);
    bySerial.set(serial, all);
    if ((client as unknown as { will?: unknown }).will) hadWill.add(client);
    events.connected(serial);
  });
  broker.on('keepaliveTimeout', (client) => timedOut.add(client));
  broker.on('clientDisconnect', (client) => {
    // A session taken over by a newer connection of the same device is not the device going away.
    const serial = serialOf.get(client);
    if (!serial || sessions.get(client.id) !== client) return;
    sessions.delete(client.id);
    const all = bySerial.get(serial);
    all?.delete(client);
    // The device is still there through another of its connections.
    if (all?.size && !replaced.has(client)) return;
    if (all && !all.size) bySerial.delete(serial);
    // aedes publishes the will after this event; the reason is decided here: a session that ended without a
    // DISCONNECT packet and had a will is the last-will case (aedes marks a proper DISCONNECT on `_disconnected`).
    const clean = (client as unknown as { _disconnected?: boolean })._disconnected === true;
    const reason = replaced.has(client) ? 'replaced' : timedOut.has(client) ? 'timeout' : !clean && hadWill.has(client) ? 'lwt' : 'disconnect';
    events.disconnected(serial, reason);
  });
  broker.on('publish', (packet, client) => {
    if (dropped.has(packet)) return;
    const parsed = parseDeviceTopic(packet.topic);
    if (!parsed || parsed.rest.startsWith('down/')) return;
    // The last will of a replaced session arrives after its successor connected: only the live session speaks.
    if (client && sessions.get(client.id) !== client) return;
    if (!client && !parsed.rest.startsWith('state')) return;
    // A helper connection's last will does not speak for the device while its main connection lives.
    if (client && parsed.rest === 'state' && client.id !== parsed.serial && bySerial.get(parsed.serial)?.size) return;
    events.message(parsed.serial, parsed.rest, packet.payload as Buffer);
  });

  return {
    async start() {
      // aedes 1.x sets up its persistence and message queue here; connections before it would never get a CONNACK.
      await broker.listen();
      if (opts.port !== null) {
        const server = createServer((socket) => broker.handle(socket));
        tcp = server;
        await new Promise<void>((resolve, reject) => {
          server.once('error', (err) => reject(new Error(`MQTT_PORT: cannot listen on ${opts.port}: ${err.message}`)));
          server.listen(opts.port ?? 0, opts.host, () => resolve());
        });
      }
      const ws = new WebSocketServer({ noServer: true, maxPayload: HARD_PAYLOAD_LIMIT });
      wss = ws;
      onUpgrade = (req, socket, head) => {
        if ((req.url ?? '').split('?')[0] !== MQTT_WS_PATH) return;
        ws.handleUpgrade(req, socket, head, (conn) => {
          const stream = createWebSocketStream(conn);
          stream.on('error', () => conn.terminate());
          broker.handle(stream, req);
        });
      };
      opts.http.on('upgrade', onUpgrade);
    },
    async stop() {
      if (onUpgrade) opts.http.off('upgrade', onUpgrade);
      for (const c of wss?.clients ?? []) c.terminate();
      wss?.close();
      for (const client of sessions.values()) client.close();
      sessions.clear();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      if (tcp) {
        const server = tcp;
        await new Promise<void>((resolve) => server.close(() => resolve()));
        tcp = null;
      }
    },
    publish(topic, payload, qos) {
      return new Promise((resolve, reject) => {
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain: false, dup: false }, (err) => (err ? reject(err) : resolve()));
      });
    },
    disconnect(serial) {
      const all = [...(bySerial.get(serial) ?? [])];
      for (const client of all) client.close();
      return all.length > 0;
    },
    async retainedState(serial) {
      // aedes types its persistence loosely; the bundled in-memory one streams the retained packets of a pattern.
      const persistence = (broker as unknown as { persistence: unknown }).persistence as { createRetainedStream(pattern: string): AsyncIterable<{ payload: Buffer }> };
      let found: string | null = null;
      for await (const p of persistence.createRetainedStream(`dev/${serial}/state`)) found = Buffer.from(p.payload).toString('utf8');
      return found;
    },
    address() {
      const a = tcp?.address();
      return a && typeof a === 'object' ? `mqtt://${opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host}:${a.port}` : null;
    },
  };
}
