// Test support: a plain aedes broker on a random loopback port that accepts only the given credentials, and an
// observer client that sees every device topic and can play the server's side (commands, configs).
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';

export interface Seen {
  topic: string;
  body: unknown;
  retain: boolean;
}

export interface TestBroker {
  url: string;
  /** Everything published under dev/#, in order. */
  seen: Seen[];
  /** Resolves with the first matching message at or after position `from` of `seen` (already there or to come). */
  waitFor(topic: string, match?: (body: Record<string, unknown>) => boolean, from?: number): Promise<Record<string, unknown>>;
  /** The current end of `seen`, to wait for what comes after it. */
  mark(): number;
  /** What a newcomer subscribing to `topic` receives as the retained message. */
  retained(topic: string): Promise<unknown>;
  /** Sends as the server does: QoS 1 on dev/S/down/…. */
  send(topic: string, body: unknown): Promise<void>;
  close(): Promise<void>;
}

export async function startBroker(credentials: Map<string, string>): Promise<TestBroker> {
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const ok = username !== undefined && credentials.get(username) === password?.toString() && (client.id === username || username === 'observer');
      done(ok ? null : Object.assign(new Error('refused'), { returnCode: 4 }), ok);
    },
  });
  const server: Server = createServer(broker.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const seen: Seen[] = [];
  const waiters: { topic: string; match: (b: Record<string, unknown>) => boolean; resolve: (b: Record<string, unknown>) => void }[] = [];
  const asRecord = (b: unknown): Record<string, unknown> => (b && typeof b === 'object' ? (b as Record<string, unknown>) : {});
  const observer: MqttClient = await mqtt.connectAsync(url, { clientId: 'observer', username: 'observer', password: credentials.get('observer') ?? '', reconnectPeriod: 0 });
  await observer.subscribeAsync('dev/#', { qos: 1 });
  observer.on('message', (topic, payload, packet) => {
    let body: unknown;
    try { body = JSON.parse(payload.toString()); } catch { body = payload.toString(); }
    seen.push({ topic, body, retain: packet.retain });
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i];
      if (w && w.topic === topic && w.match(asRecord(body))) {
        waiters.splice(i, 1);
        w.resolve(asRecord(body));
      }
    }
  });

  return {
    url,
    seen,
    mark: () => seen.length,
    waitFor(topic, match = () => true, from = 0) {
      const already = seen.slice(from).find((s) => s.topic === topic && match(asRecord(s.body)));
      if (already) return Promise.resolve(asRecord(already.body));
      return new Promise((resolve) => waiters.push({ topic, match, resolve }));
    },
    async retained(topic) {
      const probe = await mqtt.connectAsync(url, { clientId: `probe-${seen.length}`, username: 'observer', password: credentials.get('observer') ?? '', reconnectPeriod: 0 });
      const got = new Promise<unknown>((resolve) => probe.on('message', (_t, payload, packet) => { if (packet.retain) resolve(JSON.parse(payload.toString())); }));
      await probe.subscribeAsync(topic, { qos: 1 });
      const body = await got;
      await probe.endAsync();
      return body;
    },
    async send(topic, body) {
      await observer.publishAsync(topic, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });
    },
    async close() {
      await observer.endAsync();
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
