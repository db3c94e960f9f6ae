// The fleet: one MQTT connection per simulated device, driven by one shared timing wheel. It opens connections at
// a bounded pace, says hello and keeps its retained state on every connect, sends heartbeats and telemetry, hands
// commands to the device, and injects the faults the options ask for (flapping, reconnect storms).
import { EventEmitter } from 'node:events';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { type DeviceChannel, handleCommand, handleConfig } from './commands';
import type { DeviceIdentity } from './csv';
import { SimDevice } from './device';
import { DEFAULT_OPTIONS, type SimOptions } from './options';
import { MAX_PORTAL_CLIENTS, parsePayload, type ResultMessage, topics, upTopic } from './protocol';
import { heartbeat, sdwanPlan, telemetry } from './telemetry';
import { TimingWheel } from './wheel';

const HB = 0;
const TELEMETRY = 1;
const RECONNECT = 2;

/** CONNACK return codes that mean "these credentials are refused" (MQTT 3.1.1: 4 bad user/password, 5 not authorised). */
const REFUSED = new Set([4, 5, 134, 135]);

export interface FleetStats {
  connected: number;
  /** Connections tried, and how many of them were accepted. */
  attempts: number;
  connects: number;
  drops: number;
  refused: number;
  heartbeats: number;
  telemetry: number;
  commands: number;
  publishErrors: number;
}

export interface FleetEvents {
  connect: [SimDevice];
  close: [SimDevice];
  refused: [SimDevice, Error];
}

export class Fleet extends EventEmitter<FleetEvents> {
  readonly devices: SimDevice[];
  readonly options: SimOptions;
  readonly stats: FleetStats = { connected: 0, attempts: 0, connects: 0, drops: 0, refused: 0, heartbeats: 0, telemetry: 0, commands: 0, publishErrors: 0 };
  private readonly wheel: TimingWheel;
  private readonly queue: number[] = [];
  private queueHead = 0;
  private connecting = 0;
  private storm: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor(identities: DeviceIdentity[], options: Partial<SimOptions> = {}, private readonly random: () => number = Math.random) {
    super();
    this.options = { ...DEFAULT_OPTIONS, ...options };
    this.devices = identities.map((id, i) => new SimDevice(i, id));
    const gateways = this.devices.filter((d) => d.family === 'ig');
    sdwanPlan(gateways.length).forEach((plan, i) => { gateways[i]!.sdwan = plan; });
    this.wheel = new TimingWheel((i, kind, epoch) => this.due(i, kind, epoch));
  }

  start(): void {
    this.stopped = false;
    this.wheel.start();
    for (const d of this.devices) this.queue.push(d.index);
    this.pump();
    const { stormEveryS, stormFraction } = this.options;
    if (stormEveryS > 0 && stormFraction > 0) this.storm = setInterval(() => this.reconnectStorm(stormFraction), stormEveryS * 1000);
  }

  /** Disconnects every device cleanly (no last will) and stops all timers. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.storm);
    this.wheel.stop();
    await Promise.all(this.devices.map((d) => {
      const c = d.client;
      d.client = null;
      d.connected = false;
      return c ? new Promise<void>((resolve) => c.end(false, {}, () => resolve())) : undefined;
    }));
    this.stats.connected = 0;
  }

  /** Drops the device's connection abruptly (the broker publishes its last will) and reconnects after afterMs. */
  drop(d: SimDevice, afterMs: number): void {
    const c = d.client;
    d.client = null;
    d.epoch++;
    if (d.connected) {
      d.connected = false;
      this.stats.connected--;
      this.stats.drops++;
      this.emit('close', d);
    }
    c?.end(true);
    if (!this.stopped) this.wheel.schedule(afterMs, d.index, RECONNECT, d.epoch);
  }

  /** Drops `fraction` of the connected devices at once; each comes back within reconnectJitterMs. */
  reconnectStorm(fraction: number): number {
    let n = 0;
    for (const d of this.devices) {
      if (d.connected && this.random() < fraction) {
        this.drop(d, this.random() * this.options.reconnectJitterMs);
        n++;
      }
    }
    return n;
  }

  /**
   * Publishes `count` heartbeats from every connected device at once, each carrying `extra` and its sequence number
   * `seq` (1…count), as fast as the sockets take them: the benchmark's ingest burst. Answers how many were sent.
   */
  burst(count: number, extra: Record<string, number> = {}): number {
    let sent = 0;
    const now = Date.now();
    for (let seq = 1; seq <= count; seq++) {
      for (const d of this.devices) {
        if (!d.client || !d.connected) continue;
        d.client.publish(upTopic(d.serial, 'hb'), JSON.stringify({ ...heartbeat(d.family, d, now / 1000, d.uptimeS(now)), ...extra, seq }), { qos: 0 });
        sent++;
      }
    }
    return sent;
  }

  /** One heartbeat from one device now, with extra numbers (a benchmark's marker); false when it is not connected. */
  beat(d: SimDevice, extra: Record<string, number>): Promise<boolean> {
    if (!d.client || !d.connected) return Promise.resolve(false);
    const now = Date.now();
    return this.send(d.client, upTopic(d.serial, 'hb'), { ...heartbeat(d.family, d, now / 1000, d.uptimeS(now)), ...extra }, 0).then(() => true);
  }

  /** Changes the pace of heartbeats and telemetry at once for every connected device (their next beat moves too). */
  retime(heartbeatS: number, telemetryS = this.options.telemetryS): void {
    this.options.heartbeatS = heartbeatS;
    this.options.telemetryS = telemetryS;
    for (const d of this.devices) {
      if (!d.connected) continue;
      // A new epoch makes the entries already in the wheel stale, so no device ends up with two beats.
      const epoch = ++d.epoch;
      this.wheel.schedule(this.random() * heartbeatS * 1000, d.index, HB, epoch);
      this.wheel.schedule(this.random() * telemetryS * 1000, d.index, TELEMETRY, epoch);
    }
  }

  /** Resolves once `n` devices are connected at the same time. */
  whenConnected(n: number): Promise<void> {
    if (this.stats.connected >= n) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (this.stats.connected < n) return;
        this.off('connect', check);
        resolve();
      };
      this.on('connect', check);
    });
  }

  private pump(): void {
    while (this.connecting < this.options.connectConcurrency && this.queueHead < this.queue.length) {
      const d = this.devices[this.queue[this.queueHead++] ?? 0];
      if (d) this.connect(d);
    }
    if (this.queueHead > 1024 && this.queueHead * 2 > this.queue.length) {
      this.queue.splice(0, this.queueHead);
      this.queueHead = 0;
    }
  }

  private connect(d: SimDevice): void {
    if (this.stopped || d.client) return;
    const t = topics(d.serial);
    const epoch = ++d.epoch;
    const opts: IClientOptions = {
      clientId: d.serial,
      username: d.serial,
      password: d.secret,
      clean: true,
      keepalive: this.options.keepaliveS,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      resubscribe: false,
      will: { topic: t.state, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    };
    let pending = true;
    const settle = () => {
      if (!pending) return;
      pending = false;
      this.connecting--;
      this.pump();
    };
    this.connecting++;
    this.stats.attempts++;
    const client = mqtt.connect(this.options.url, opts);
    d.client = client;
    client.on('connect', () => {
      settle();
      if (d.client !== client) return;
      d.connected = true;
      d.authFailures = 0;
      this.stats.connected++;
      this.stats.connects++;
      // Subscribe before hello: the server sends queued commands when it hears hello.
      client.subscribe(t.down, { qos: 1 }, () => {
        if (d.client !== client) return;
        this.send(client, t.state, { online: true }, 1, true);
        // The configuration it runs goes with hello, so a stale one is pushed again (docs/device-protocol.md §6).
        const runs = d.config ? { config_version: d.config.version, config_checksum: d.config.checksum } : {};
        this.send(client, t.hello, { type: d.family, model: d.model, fw: d.fw, hw: d.hw, mac: d.mac, ip: d.ip, heartbeat_s: this.options.heartbeatS, ...runs }, 1);
        const outbox = d.outbox;
        d.outbox = null;
        for (const r of outbox ?? []) this.send(client, t.result, r, 1);
        this.emit('connect', d);
      });
      // Spread the first beats over one interval so a fleet that came up together does not beat together.
      this.wheel.schedule(this.random() * this.options.heartbeatS * 1000, d.index, HB, epoch);
      this.wheel.schedule(this.random() * this.options.telemetryS * 1000, d.index, TELEMETRY, epoch);
    });
    client.on('message', (topic, payload) => this.onMessage(d, topic, payload));
    client.on('error', (err) => {
      const code = (err as Error & { code?: unknown }).code;
      if (typeof code === 'number' && REFUSED.has(code)) {
        d.authFailures++;
        this.stats.refused++;
        this.emit('refused', d, err);
      }
    });
    client.on('close', () => {
      settle();
      if (d.client !== client) return;
      // Lost without asking: come back like a real device, sooner after a network blip than after a refusal.
      client.end(true);
      d.client = null;
      d.epoch++;
      if (d.connected) {
        d.connected = false;
        this.stats.connected--;
        this.stats.drops++;
        this.emit('close', d);
      }
      if (this.stopped) return;
      const backoff = d.authFailures > 0 ? Math.min(300_000, 5000 * 2 ** Math.min(6, d.authFailures - 1)) : 1000;
      this.wheel.schedule(backoff + this.random() * this.options.reconnectJitterMs, d.index, RECONNECT, d.epoch);
    });
  }

  private due(i: number, kind: number, epoch: number): void {
    const d = this.devices[i];
    if (!d || d.epoch !== epoch || this.stopped) return;
    if (kind === RECONNECT) {
      this.queue.push(i);
      this.pump();
      return;
    }
    const c = d.client;
    if (!c || !d.connected) return;
    const now = Date.now();
    if (kind === HB) {
      this.fire(c, upTopic(d.serial, 'hb'), heartbeat(d.family, d, now / 1000, d.uptimeS(now)));
      this.stats.heartbeats++;
      this.wheel.schedule(this.options.heartbeatS * 1000, i, HB, epoch);
      const { flap, heartbeatS } = this.options;
      if (flap > 0 && this.random() < 1 - (1 - flap) ** (heartbeatS / 60)) this.drop(d, 1000 + this.random() * this.options.reconnectJitterMs);
    } else if (kind === TELEMETRY) {
      this.fire(c, upTopic(d.serial, 'telemetry'), { ts: now, metrics: telemetry(d.family, d, now / 1000) });
      this.stats.telemetry++;
      // A gateway with guests reports their traffic with its telemetry (the portal's daily quotas count it).
      const clients = d.portalCounters(now);
      if (clients.length) this.fire(c, upTopic(d.serial, 'portal'), { clients: clients.slice(0, MAX_PORTAL_CLIENTS) });
      this.wheel.schedule(this.options.telemetryS * 1000, i, TELEMETRY, epoch);
    }
  }

  /** QoS 0 without a promise: the steady heartbeat and telemetry path allocates as little as it can. */
  private fire(c: MqttClient, topic: string, body: unknown): void {
    c.publish(topic, JSON.stringify(body), { qos: 0 }, (err) => { if (err) this.stats.publishErrors++; });
  }

  private send(c: MqttClient, topic: string, body: unknown, qos: 0 | 1, retain = false): Promise<void> {
    return new Promise((resolve) => {
      c.publish(topic, JSON.stringify(body), { qos, retain }, (err) => {
        if (err) this.stats.publishErrors++;
        resolve();
      });
    });
  }

  private channel(d: SimDevice): DeviceChannel {
    const t = topics(d.serial);
    return {
      device: d,
      options: this.options,
      random: this.random,
      // Through whatever connection the device has now: a long upgrade may outlive the one it arrived on.
      publish: (topic, body, qos = 1) => {
        const now = d.client;
        if (now && d.connected) return this.send(now, t[topic], body, qos);
        if (topic === 'result') {
          const r = body as ResultMessage;
          if (r.progress === undefined || r.progress >= 100) (d.outbox ??= []).push(r);
        }
        return Promise.resolve();
      },
      reboot: (afterMs) => {
        d.bootAt = Date.now() + afterMs;
        this.drop(d, afterMs);
      },
    };
  }

  private onMessage(d: SimDevice, topic: string, payload: Buffer): void {
    const ch = this.channel(d);
    const body = parsePayload(payload);
    const failed = (err: unknown) => void ch.publish('event', { level: 'error', code: 'sim_fault', msg: String(err) });
    if (body === undefined) {
      void ch.publish('event', { level: 'warn', code: 'bad_payload', msg: `dropped a payload on ${topic.slice(topic.indexOf('/down/') + 1)} that is not JSON of at most 64 KB` });
    } else if (topic.endsWith('/down/cmd')) {
      this.stats.commands++;
      handleCommand(ch, body).catch(failed);
    } else if (topic.endsWith('/down/config')) {
      handleConfig(ch, body).catch(failed);
    }
  }
}
