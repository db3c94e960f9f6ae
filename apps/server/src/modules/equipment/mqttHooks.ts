import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mayPublish, maySubscribe } from '@gx/contract';
import type { DeviceConfig } from '../../config';
import type { DeviceChannel } from './channel/deviceChannel';
import { clientIdFits } from './channel/embedded';

/**
 * EMQX 5 HTTP authentication and authorization hooks, so an external broker enforces the same device identity and
 * ACL as the embedded one. EMQX posts a JSON body from the templates configured in its dashboard (see README) with
 * the header `x-hook-secret`; the answer is `{"result": "allow" | "deny" | "ignore"}`. The server's own broker
 * account (the user in MQTT_URL) is left to EMQX's other authenticators (`ignore`).
 */
export const MQTT_AUTH_PATH = '/v3/device/mqtt/auth';
export const MQTT_ACL_PATH = '/v3/device/mqtt/acl';

// Open on purpose: EMQX posts the body templates its operator configured, which may carry more placeholders
// (peerhost, protocol, …) than the hooks read. These are not API methods and answer no envelope.
const authBody = z.object({
  clientid: z.string().max(256).default(''),
  username: z.string().max(256).default(''),
  password: z.string().max(1024).default(''),
}).passthrough();

const aclBody = z.object({
  clientid: z.string().max(256).default(''),
  username: z.string().max(256).default(''),
  topic: z.string().min(1).max(1024),
  action: z.enum(['publish', 'subscribe', 'all']),
}).passthrough();

type Result = { result: 'allow' | 'deny' | 'ignore'; is_superuser?: false };

function secretOk(config: DeviceConfig, header: unknown): boolean {
  if (!config.hookSecret || typeof header !== 'string') return false;
  const a = Buffer.from(header);
  const b = Buffer.from(config.hookSecret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function serverUser(config: DeviceConfig): string | null {
  if (!config.mqttUrl) return null;
  try {
    return decodeURIComponent(new URL(config.mqttUrl).username) || null;
  } catch {
    return null;
  }
}

export function registerMqttHooks(app: FastifyInstance, config: DeviceConfig, channel: () => DeviceChannel): void {
  app.post(MQTT_AUTH_PATH, async (req, reply) => {
    if (!secretOk(config, req.headers['x-hook-secret'])) return reply.status(403).send({ result: 'deny' } satisfies Result);
    const b = authBody.safeParse(req.body ?? {});
    if (!b.success) return reply.send({ result: 'deny' } satisfies Result);
    const { clientid, username, password } = b.data;
    if (username && username === serverUser(config)) return reply.send({ result: 'ignore' } satisfies Result);
    const ok = clientIdFits(clientid, username) && (await channel().checkCredentials(username, password));
    return reply.send({ result: ok ? 'allow' : 'deny', is_superuser: false } satisfies Result);
  });
  app.post(MQTT_ACL_PATH, async (req, reply) => {
    if (!secretOk(config, req.headers['x-hook-secret'])) return reply.status(403).send({ result: 'deny' } satisfies Result);
    const b = aclBody.safeParse(req.body ?? {});
    if (!b.success) return reply.send({ result: 'deny' } satisfies Result);
    const { username, topic, action } = b.data;
    if (username && username === serverUser(config)) return reply.send({ result: 'ignore' } satisfies Result);
    const allowed = action === 'publish' ? mayPublish(username, topic) : action === 'subscribe' ? maySubscribe(username, topic) : false;
    if (!allowed) channel().refusedByBroker(username, action === 'subscribe' ? 'subscribe' : 'publish', topic);
    // A device disabled (or in a disabled organisation) since it connected says nothing more.
    const enabled = allowed && (await channel().mayAct(username));
    return reply.send({ result: enabled ? 'allow' : 'deny' } satisfies Result);
  });
}
