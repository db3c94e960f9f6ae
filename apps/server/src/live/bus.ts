import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { StreamMessage } from '@gx/contract';
import type { Database } from '../db/client';

/**
 * Everything one instance must tell the others (and its own console streams): device presence, command states,
 * device events, "unread counts may have changed", and "disconnect this device". Embedded: an in-process emitter.
 * PostgreSQL: NOTIFY/LISTEN, so every instance behind a load balancer sees every message.
 */
declare module 'fastify' {
  interface FastifyInstance {
    liveBus: Bus;
  }
}

export type BusMessage =
  | Exclude<StreamMessage, { type: 'unread' } | { type: 'hello' }>
  | { type: 'unread_changed' }
  | { type: 'kick'; serial: string; reason: 'kicked' | 'replaced' }
  /** Every connected device of an organisation (disabled or removed) is disconnected. */
  | { type: 'kick_org'; org_id: number };

export interface Bus {
  publish(msg: BusMessage): void;
  subscribe(fn: (msg: BusMessage) => void): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createBus(database: Database, onError: (err: unknown) => void): Bus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (msg: BusMessage) => local.emit('msg', msg);
  const subscribe = (fn: (msg: BusMessage) => void) => {
    local.on('msg', fn);
    return () => void local.off('msg', fn);
  };
  if (database.kind !== 'postgres' || !database.listen) {
    return { publish: (msg) => setImmediate(deliver, msg), subscribe, start: async () => undefined, close: async () => undefined };
  }
  // One channel per schema, so isolated test schemas (and tenants of a shared server) never hear each other.
  const channel = `gx_bus_${database.pgSchema}`;
  let stop: (() => Promise<void>) | null = null;
  return {
    publish(msg) {
      database.db.execute(sql`select pg_notify(${channel}, ${JSON.stringify(msg)})`).catch(onError);
    },
    subscribe,
    async start() {
      stop = await database.listen!(channel, (payload) => {
        try { deliver(JSON.parse(payload) as BusMessage); } catch (err) { onError(err); }
      });
    },
    async close() {
      await stop?.();
      stop = null;
    },
  };
}
