import mqtt, { type MqttClient } from 'mqtt';
import { topics, type CommandMessage } from '@gx/contract';

/**
 * A device played with a plain MQTT client, from docs/device-protocol.md alone: it connects (with its secret on the
 * embedded broker, anonymously on an external one that lets devices in so), leaves its last will, says hello, and
 * answers every command with `ack` and a successful `result` unless told otherwise.
 */
export interface E2eDevice {
  client: MqttClient;
  serial: string;
  /** Every command received, in order (a repeated id is the same command sent again). */
  commands: CommandMessage[];
  publish(kind: string, body: unknown): Promise<void>;
  end(): Promise<void>;
}

export async function connectDevice(broker: string, serial: string, secret?: string, hello: Record<string, unknown> = {}): Promise<E2eDevice> {
  const client = await mqtt.connectAsync(broker, {
    clientId: serial, ...(secret !== undefined ? { username: serial, password: secret } : {}),
    reconnectPeriod: 0, clean: true, connectTimeout: 10_000,
    will: { topic: topics.state(serial), payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
  });
  const commands: CommandMessage[] = [];
  client.on('error', () => undefined);
  client.on('message', (topic, payload) => {
    if (topic !== topics.cmd(serial)) return;
    const cmd = JSON.parse(payload.toString()) as CommandMessage;
    commands.push(cmd);
    client.publish(`dev/${serial}/up/ack`, JSON.stringify({ id: cmd.id }), { qos: 1 });
    client.publish(`dev/${serial}/up/result`, JSON.stringify({ id: cmd.id, ok: true }), { qos: 1 });
  });
  await client.subscribeAsync(`dev/${serial}/down/#`, { qos: 1 });
  await client.publishAsync(topics.state(serial), '{"online":true}', { qos: 1, retain: true });
  await client.publishAsync(`dev/${serial}/up/hello`, JSON.stringify({
    type: 'ig', model: 'GX-IG5200', fw: '2.1.0', hw: 'A1', mac: '00:11:22:33:44:55', ip: '192.0.2.10', heartbeat_s: 60, ...hello,
  }), { qos: 1 });
  return {
    client, serial, commands,
    async publish(kind, body) {
      await client.publishAsync(`dev/${serial}/up/${kind}`, JSON.stringify(body), { qos: 1 });
    },
    async end() {
      if (client.connected) await client.endAsync();
      else client.end(true);
    },
  };
}
