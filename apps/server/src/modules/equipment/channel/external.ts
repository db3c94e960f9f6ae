import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { parseDeviceTopic } from '@gx/contract';
import type { Transport, TransportEvents } from './transport';
import { newRate, rateStep, type Rate } from './rate';

/** How long the first connection to an external broker may take before the server refuses to start. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * An external broker (Mosquitto, EMQX): the server is one client among the devices. Several server instances
 * split device traffic through one shared subscription group (`MQTT_SHARE_GROUP`, default `gx`): each message goes
 * to one of them. The broker enforces identity and ACL (EMQX through the HTTP hooks), so this side sees only what
 * devices were allowed to say.
 */
export function externalTransport(url: string, shareGroup: string, rateLimit: number, events: TransportEvents, onError: (err: unknown) => void): Transport {
  let client: MqttClient | null = null;
  /**
   * The broker does not throttle for the server (Mosquitto cannot; EMQX's limiter is its own configuration), so the
   * server protects itself: the same per-device rule as the embedded broker, counted per serial as messages arrive.
   * One instance sees only its share of a device's traffic when several split it, so the limit is per instance.
   */
  const rates = new Map<string, Rate>();
  let pruned = Date.now();
  const transport: Transport = {
    async start() {
      const c = mqtt.connect(url, {
        clientId: `gx-server-${randomBytes(6).toString('hex')}`,
        clean: true,
        reconnectPeriod: 1000,
        connectTimeout: CONNECT_TIMEOUT_MS,
      });
      client = c;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => fail(new Error('no answer')), CONNECT_TIMEOUT_MS);
        const fail = (err: Error) => {
          clearTimeout(timer);
          c.end(true);
          reject(new Error(`MQTT_URL: cannot connect to the broker at ${url.replace(/\/\/[^@/]*@/, '//***@')}: ${err.message}`));
        };
        c.once('connect', () => {
          clearTimeout(timer);
          resolve();
        });
        c.once('error', fail);
      });
      c.on('error', onError);
      c.on('message', (topic, payload) => {
        const parsed = parseDeviceTopic(topic);
        if (!parsed || parsed.rest.startsWith('down/')) return;
        const now = Date.now();
        // Windows of devices gone quiet are forgotten once a minute, so the map holds only the devices that talk.
        if (now - pruned > 60_000) {
          pruned = now;
          for (const [serial, r] of rates) if (now - r.windowStart > 60_000) rates.delete(serial);
        }
        let r = rates.get(parsed.serial);
        if (!r) rates.set(parsed.serial, r = newRate(now));
        // A last will always passes: it is how a kicked or vanished device is seen to go.
        const verdict = parsed.rest === 'state' ? 'pass' : rateStep(r, rateLimit, now);
        if (verdict === 'report') events.throttled(parsed.serial, false);
        if (verdict === 'kick') {
          events.throttled(parsed.serial, true);
          transport.disconnect(parsed.serial);
        }
        if (verdict !== 'pass') return;
        events.message(parsed.serial, parsed.rest, payload);
      });
      await c.subscribeAsync({ [`$share/${shareGroup}/dev/+/up/#`]: { qos: 1 }, [`$share/${shareGroup}/dev/+/state`]: { qos: 1 } });
    },
    async stop() {
      await client?.endAsync();
      client = null;
    },
    async publish(topic, payload, qos) {
      if (!client) throw new Error('broker not connected');
      await client.publishAsync(topic, payload, { qos });
    },
    /**
     * The session lives in the external broker, which MQTT gives one way to end from outside: a connection with the
     * same client id takes it over (MQTT 3.1.1 §3.1.4), and the broker publishes the device's will. The server does
     * that with its own account and leaves at once; the device's reconnect is then refused by the auth hook (EMQX).
     * Helper connections (`<serial>:<suffix>`) cannot be named this way: EMQX's ACL hook refuses what they say.
     */
    disconnect(serial) {
      if (!client) return false;
      const kicker = mqtt.connect(url, { clientId: serial, clean: true, reconnectPeriod: 0, connectTimeout: CONNECT_TIMEOUT_MS, keepalive: 0 });
      kicker.on('connect', () => kicker.end(true));
      kicker.on('error', (err) => {
        onError(err);
        kicker.end(true);
      });
      return true;
    },
    retainedState: async () => null,
    address: () => null,
  };
  return transport;
}

