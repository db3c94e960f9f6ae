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
import { registerCaptcha } from './modules/index/captcha';
import { registerUploads } from './modules/upload/serve';
import { allEndpoints } from './modules/allEndpoints';
import { InFlight } from './http/inFlight';
import { registerOpenApi } from './openapi/register';

export interface AppOptions {
  config: Config;
  database: Database;
  services?: Services;
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
  });
  const inFlight = new InFlight();
  // Runs once the listener has stopped: the handlers of vanished clients finish before the database closes.
  app.addHook('onClose', () => inFlight.idle());
  const deps: EndpointDeps = { database, config, services: opts.services ?? defaultServices(config), inFlight };

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
  await registerBodyParsers(app);

  app.get('/healthz', async (_req, reply) => {
    const db = await database.ping();
    return reply.status(db ? 200 : 503).send({ status: db ? 'ok' : 'unavailable', database: database.kind, db: db ? 'up' : 'down' });
  });

  registerCaptcha(app, deps);
  registerUploads(app, deps);
  for (const spec of mergeEndpoints([...allEndpoints, ...(opts.extraEndpoints ?? [])])) registerEndpoint(app, deps, spec);
  registerOpenApi(app, mergeEndpoints(allEndpoints));

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
