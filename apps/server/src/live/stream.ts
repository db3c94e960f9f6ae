import type { FastifyInstance } from 'fastify';
import { Code, FAMILY_RESOURCE_KEYS, STREAM_LISTS, STREAM_PATH, messageFor, type StreamMessage } from '@gx/contract';
import { permissionKeysOf } from '../auth/permissions';
import type { EndpointDeps } from '../http/endpoint';
import { envelope } from '../http/endpoint';
import { AppError } from '../http/errors';
import { langOf } from '../http/lang';
import type { Principal } from '../http/context';
import type { Bus, BusMessage } from './bus';
import { unreadCountOf } from './unread';

/** A comment line this often keeps proxies from closing an idle stream; the session is re-checked with it. */
const KEEPALIVE_MS = 25_000;

/** A device list: *All devices* or a family page's (`FAMILY_PAGES`). */
const list = (key: string) => `${key}.list`;
const DEVICE_LISTS = [STREAM_LISTS.device, ...FAMILY_RESOURCE_KEYS].map(list);

/**
 * Which permissions (any one of them) a stream message needs besides belonging to the user's current organisation.
 * A campaign's page follows its devices' upgrade commands, so campaign viewers hear command states too.
 */
const NEEDS: Record<string, readonly string[]> = {
  device: DEVICE_LISTS,
  telemetry: DEVICE_LISTS,
  event: [list(STREAM_LISTS.event)],
  command: [list(STREAM_LISTS.command), list(STREAM_LISTS.campaign)],
  campaign: [list(STREAM_LISTS.campaign)],
  alarm: [list(STREAM_LISTS.alarm)],
  work_order: [list(STREAM_LISTS.workOrder), 'monitor.largechat.view'],
  suggestion: [list(STREAM_LISTS.suggestion), 'monitor.largechat.view'],
};

function visible(msg: BusMessage, p: Principal, keys: Set<string>): msg is Extract<StreamMessage, { org_id: number }> {
  if (!('org_id' in msg) || msg.org_id !== p.orgId) return false;
  const need = NEEDS[msg.type];
  return need !== undefined && (p.isAdmin || need.some((k) => keys.has(k)));
}

/**
 * `GET /v3/stream`: the console's one live stream (Server-Sent Events). The token comes only from
 * `Authorization: Bearer` (the console reads the stream with fetch, so no token ever sits in a URL). Each message
 * is what the user may see: its current organisation's devices, commands and events if its roles list them, and
 * its own unread notification count.
 */
export function registerStream(app: FastifyInstance, deps: EndpointDeps, bus: Bus): void {
  const open = new Set<() => void>();
  // Streams never end by themselves: close them so the server can stop.
  app.addHook('preClose', async () => { for (const end of open) end(); });
  app.get(STREAM_PATH, async (req, reply) => {
    const lang = langOf(req.headers['accept-language']);
    const h = req.headers.authorization;
    const token = h && /^Bearer\s+\S+$/i.test(h) ? h.replace(/^Bearer\s+/i, '').trim() : null;
    if (!token) return reply.status(401).send(envelope(Code.NOT_LOGGED_IN, messageFor(Code.NOT_LOGGED_IN, lang)));
    let p: Principal;
    try {
      p = await deps.sessions.resolve(deps.database.db, token, deps.services.now(), deps.config.sessionTtlSeconds);
    } catch (e) {
      if (e instanceof AppError) return reply.status(401).send(envelope(e.code, messageFor(e.code, lang)));
      throw e;
    }
    const keys = new Set(await permissionKeysOf(deps.database.db, p));
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let closed = false;
    const send = (msg: StreamMessage) => { if (!closed) res.write(`data: ${JSON.stringify(msg)}\n\n`); };
    let unread = -1;
    const pushUnread = async () => {
      const n = await unreadCountOf(deps.database.db, p.userId, deps.services.now());
      if (n !== unread) {
        unread = n;
        send({ type: 'unread', count: n });
      }
    };
    const fail = (err: unknown) => req.log.error({ err }, 'live stream');
    send({ type: 'hello' });
    await pushUnread().catch(fail);
    const off = bus.subscribe((msg) => {
      if (msg.type === 'unread_changed') pushUnread().catch(fail);
      else if (visible(msg, p, keys)) send(msg);
    });
    const timer = setInterval(() => {
      // A signed-out or revoked session loses its stream within one keep-alive.
      deps.sessions.resolve(deps.database.db, token, deps.services.now(), deps.config.sessionTtlSeconds)
        .then(() => { if (!closed) res.write(': keep-alive\n\n'); }, () => res.end());
    }, KEEPALIVE_MS);
    const close = () => {
      closed = true;
      clearInterval(timer);
      off();
    };
    const end = () => res.end();
    open.add(end);
    res.on('close', () => {
      open.delete(end);
      close();
    });
  });
}
