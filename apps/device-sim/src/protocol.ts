// Device protocol v1 (DESIGN §6) as the simulator sees it. Topics, limits, parameter and payload shapes come from
// the contract; the two messages the server sends are validated here against the contract's interfaces.
import { createHash } from 'node:crypto';
import { type CommandMessage, type ConfigMessage, commandParams, MAX_PAYLOAD_BYTES, type resultPayload, topics as contractTopics } from '@gx/contract';
import { z } from 'zod';

export { commandParams, MAX_PORTAL_CLIENTS, type CommandName } from '@gx/contract';

/** The topic of one `up/` message, without building the whole set (the heartbeat path). */
export const upTopic = contractTopics.up;

export const topics = (serial: string) => ({
  state: contractTopics.state(serial),
  hello: contractTopics.up(serial, 'hello'),
  hb: contractTopics.up(serial, 'hb'),
  telemetry: contractTopics.up(serial, 'telemetry'),
  event: contractTopics.up(serial, 'event'),
  ack: contractTopics.up(serial, 'ack'),
  result: contractTopics.up(serial, 'result'),
  configUp: contractTopics.up(serial, 'config'),
  down: `dev/${serial}/down/#`,
  cmd: contractTopics.cmd(serial),
  configDown: contractTopics.config(serial),
});

export const commandMessage = z.object({
  id: z.number().int().min(1),
  name: z.string().min(1).max(64),
  params: z.record(z.string(), z.unknown()),
  expires_at: z.string(),
}) satisfies z.ZodType<CommandMessage>;

export const configMessage = z.object({
  version: z.number().int().min(0),
  checksum: z.string().min(1).max(128),
  body: z.record(z.string(), z.unknown()),
}) satisfies z.ZodType<ConfigMessage>;

/** `up/result` body. A `progress` below 100 marks an interim report; the last one for an id has none or 100. */
export type ResultMessage = z.infer<typeof resultPayload>;

export function isCommandName(s: string): s is keyof typeof commandParams {
  return Object.hasOwn(commandParams, s);
}

/** The checksum of a config: SHA-256 hex of the JSON text of its body. */
export function configChecksum(body: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/** Parses a JSON payload of at most 64 KB; undefined when it is not. */
export function parsePayload(payload: Buffer): unknown {
  if (payload.length > MAX_PAYLOAD_BYTES) return undefined;
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}
