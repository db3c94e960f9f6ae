import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '@gx/contract';
import type { Config } from '../config';
import type { Db, Executor } from '../db/client';
import type { Services } from '../services';
import type { ResourceRegistry } from '../resources/registry';

/** Who is calling: resolved from the bearer token on every non-public call. */
export interface Principal {
  userId: number;
  username: string;
  nickname: string;
  sessionId: number;
  /** The organisation (tenant) the user is working in; every tenant-owned query is scoped to it. */
  orgId: number | null;
  isAdmin: boolean;
  /** The keys the caller holds in `orgId`, when they were read with the session (one round trip, then cached). */
  permissionKeys?: ReadonlySet<string>;
}

export interface AuditEntry {
  target?: string | number;
  before?: unknown;
  after?: unknown;
  /** Overrides `<path>#<method>`, e.g. `login`. */
  action?: string;
}

/** Everything a handler may use. Handlers never read the raw request for identity, tenancy or language. */
export interface RequestContext {
  req: FastifyRequest;
  reply: FastifyReply;
  /** The database, or inside a changing method its transaction. */
  db: Db;
  config: Config;
  services: Services;
  /** The resources this server serves (references between them are looked up here). */
  resources: ResourceRegistry;
  ip: string;
  lang: Lang;
  requestId: string;
  /** Endpoint path without the /v3 prefix, and the chosen method. */
  path: string;
  method: string;
  principal: Principal | null;
  /** The caller, or a 1002 failure if the endpoint is public and nobody is signed in. */
  user(): Principal;
  /** The caller's current organisation, or a validation failure when none is chosen. */
  orgId(): number;
  /** Writes the operation log inside the given transaction (or directly). */
  audit(exec: Executor, entry?: AuditEntry): Promise<void>;
  /**
   * Runs `fn` once the call's change is committed (at once for calls without a transaction), so side effects
   * outside the database (disconnecting a device, publishing a command) never act on a change that rolled back.
   */
  afterCommit(fn: () => void): void;
}
