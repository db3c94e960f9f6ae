import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { md5, type Envelope } from '@gx/contract';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seed } from '../db/seed/seed';
import { buildApp } from '../app';
import { copyOfTemplate } from './postgresDatabases';
import { templateFilesystem } from './pgliteTemplateFs';
import { onServer } from './pgServer';
import { defaultServices, type Services } from '../services';
import type { EndpointSpec } from '../http/endpoint';
import { seedInputOf, type ServerArea } from '../http/area';
import { productAreas } from '../modules/areas';

import type { Engine } from './engines';

export { bothEngines, engines, type Engine } from './engines';

export const ADMIN_PASSWORD = 'Admin@123456';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** PostgreSQL only: the URL another connection to this server's data uses (with `database.pgSchema`). */
  databaseUrl?: string;
  config: Config;
  services: Services;
  /** http://127.0.0.1:<port>: tests speak real HTTP to the listening server. */
  url: string;
  post<T = unknown>(path: string, body?: unknown, opts?: { token?: string; headers?: Record<string, string> }): Promise<Envelope<T> & Record<string, unknown>>;
  /** Signs in (captcha off) and returns the token. */
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  engine?: Engine;
  env?: Record<string, string>;
  services?: Partial<Services>;
  extraEndpoints?: EndpointSpec[];
  /** Areas served beside the product's (tests of the area mechanism). */
  extraAreas?: ServerArea[];
}

/**
 * The seed every test server needs, run once on each template (`pgliteTemplate.ts`, `postgresTemplate.ts`): the
 * platform organisation, the administrator (a scrypt hash, ~0.1 s), the product's menus and permission keys. A
 * server on a template copy skips it (~0.3–0.4 s of CPU a server here) unless it brings areas, endpoints or an
 * administrator password of its own.
 */
export function seedProduct(database: Database): Promise<unknown> {
  return seed(database, ADMIN_PASSWORD, seedInputOf(productAreas));
}

interface TestDatabase {
  database: Database;
  /** A copy of a template, which `seedProduct` seeded. */
  seeded?: boolean;
  databaseUrl?: string;
  /** Removes what the database left on the PostgreSQL server, once its connections are closed. */
  drop?: () => Promise<void>;
}

async function pgliteDatabase(): Promise<TestDatabase> {
  // The migrated dump the global setup made (`pgliteTemplate.ts`).
  const template = process.env.GX_PGLITE_TEMPLATE;
  return { database: await openDatabase({ dataDir: 'memory://', fs: template ? templateFilesystem(template) : undefined }), seeded: template !== undefined };
}

/** A copy of the migrated template database where the global setup made one, else a schema of its own to migrate. */
async function postgresDatabase(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('the postgres engine needs TEST_DATABASE_URL');
  const template = process.env.GX_POSTGRES_TEMPLATE;
  if (template) return copyOfTemplate(base, template).then(({ database, url, drop }) => ({ database, databaseUrl: url, drop, seeded: true }));
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ url: base, pgSchema, poolSize: 4 });
  return { database, databaseUrl: base, drop: () => onServer(base, `drop schema if exists "${pgSchema}" cascade`) };
}

/** A real server on a real database (in-memory PGlite, or an isolated schema in PostgreSQL), listening on port 0. */
export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const engine = opts.engine ?? 'pglite';
  const config = loadConfig({ LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'silent', ADMIN_PASSWORD, MQTT_PORT: '0', DEMO_FLEET: '0', ...opts.env });
  const { database, databaseUrl, drop, seeded } = engine === 'postgres' ? await postgresDatabase() : await pgliteDatabase();
  await runMigrations(database);
  const areas = [...productAreas, ...(opts.extraAreas ?? [])];
  if (!seeded || opts.extraAreas?.length || opts.extraEndpoints?.length || config.adminPassword !== ADMIN_PASSWORD) {
    await seed(database, config.adminPassword, seedInputOf(areas, opts.extraEndpoints));
  }
  const services = { ...defaultServices(config), ...opts.services };
  const app = await buildApp({ config, database, services, areas, extraEndpoints: opts.extraEndpoints, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

  const post: TestApp['post'] = async (path, body = {}, o = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await fetch(`${url}/v3${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return (await res.json()) as Envelope & Record<string, unknown> as never;
  };
  const login: TestApp['login'] = async (username = 'admin', password = ADMIN_PASSWORD) => {
    const r = await post<{ token: string }>('/admin/index/login', { username, password: md5(password), code: '' });
    if (r.code !== 200 || !r.data) throw new Error(`login failed: ${r.code} ${r.msg}`);
    return r.data.token;
  };
  return {
    app, database, databaseUrl, config, services, url, post, login,
    async close() {
      await app.close();
      await database.close();
      await drop?.();
    },
  };
}
