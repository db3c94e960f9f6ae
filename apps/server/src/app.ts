import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { Code, messageFor } from '@gx/contract';
import type { Config } from './config';
import type { Database } from './db/client';
import { defaultServices, type Services } from './services';
import { registerBodyParsers } from './http/body';
import { registerErrorHandler } from './http/errorHandler';
import { envelope, mergeEndpoints, registerEndpoint, type EndpointDeps, type EndpointSpec } from './http/endpoint';
import { langOf } from './http/lang';
import { registerConsole, sendConsoleIndex } from './web/console';
import { productAreas } from './modules/areas';
import { endpointsOf, registryOf, type ServerArea } from './http/area';
import { InFlight } from './http/inFlight';
import { registerOpenApi } from './openapi/register';
import { createBus } from './live/bus';
import { createSessionCache } from './auth/sessionCache';
import { registerStream } from './live/stream';
import { schemaCompilersOnFirstUse } from './http/schemaCompilers';

export interface AppOptions {
  config: Config;
  database: Database;
  services?: Services;
  /** The areas to serve; the product's by default. */
  areas?: readonly ServerArea[];
  /** Extra endpoints (tests register probes this way). */
  extraEndpoints?: EndpointSpec[];
  logger?: boolean;
}

/** Builds the whole server; `main.ts` listens on it, tests call `inject()` or listen on port 0. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    schemaController: schemaCompilersOnFirstUse,
  });
  const inFlight = new InFlight();
  // Runs once the listener has stopped: the handlers of vanished clients finish before the database closes.
  app.addHook('onClose', () => inFlight.idle());
  const areas = opts.areas ?? productAreas;
  const resources = registryOf(areas);
  const sessions = createSessionCache(database, (err) => app.log.error({ err }, 'session cache'));
  app.addHook('onReady', () => sessions.start());
  app.addHook('onClose', () => sessions.close());
  const deps: EndpointDeps = { database, config, services: opts.services ?? defaultServices(config), inFlight, resources, sessions };

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', String(req.id));
  });
  registerErrorHandler(app);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerBodyParsers(app, join(config.dataDir, 'tmp'));

  app.get('/healthz', async (_req, reply) => {
    const db = await database.ping();
    const devices = app.hasDecorator('deviceChannel') ? { device_messages: app.deviceChannel.messagesTaken } : {};
    return reply.status(db ? 200 : 503).send({ status: db ? 'ok' : 'unavailable', database: database.kind, db: db ? 'up' : 'down', ...devices });
  });

  // The live bus is infrastructure every area may publish to (device presence, commands, unread counts).
  const bus = createBus(database, (err) => app.log.error({ err }, 'live bus'));
  app.decorate('liveBus', bus);
  app.addHook('onReady', () => bus.start());
  app.addHook('onClose', () => bus.close());
  registerStream(app, deps, bus);

  const endpoints = endpointsOf(areas);
  // Endpoints of several areas may share a path (SPEC §7 groups methods by path), so they register together.
  for (const spec of mergeEndpoints([...endpoints, ...(opts.extraEndpoints ?? [])])) registerEndpoint(app, deps, spec);
  for (const area of areas) {
    const { plugin } = area;
    // Its own encapsulated context: an area's hooks and decorations stay its own, unless it shares them on purpose.
    if (plugin && area.sharesRoot) await plugin(app, deps);
    else if (plugin) await app.register(async (scope) => plugin(scope, deps));
  }
  registerOpenApi(app, mergeEndpoints(endpoints), resources.servedDeclarations());

  const consoleServed = config.webDist ? await registerConsole(app, config.webDist) : false;
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path.startsWith('/v3/') || path === '/v3' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      const lang = langOf(req.headers['accept-language']);
      return reply.status(req.method === 'POST' ? 200 : 404).send(envelope(Code.UNKNOWN_ENDPOINT, `${messageFor(Code.UNKNOWN_ENDPOINT, lang)}: ${req.method} ${path}`));
    }
    if (consoleServed && !/\.[a-z0-9]{1,8}$/i.test(path)) return sendConsoleIndex(reply);
    return reply.status(404).send(envelope(Code.UNKNOWN_ENDPOINT, messageFor(Code.UNKNOWN_ENDPOINT, langOf(req.headers['accept-language']))));
  });
  return app;
}
