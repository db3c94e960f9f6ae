import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '@gx/contract';
import type { EndpointSpec } from '../http/endpoint';
import { openApiDocument } from './document';
import { DOCS_CSP, DOCS_HTML } from './page';

/** The API version the document describes: the wire prefix /v3. */
const API_VERSION = '3.0.0';

/**
 * GET /v3/openapi.json (the document, built once on first request from the registered endpoints) and GET /docs
 * (the page that browses it). Both are public: they describe request shapes, never data.
 */
export function registerOpenApi(app: FastifyInstance, endpoints: EndpointSpec[], decls: readonly ResourceDecl[]): void {
  let cached: string | undefined;
  app.get('/v3/openapi.json', async (_req, reply) => {
    cached ??= JSON.stringify(openApiDocument(endpoints, decls, API_VERSION));
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(cached);
  });
  app.get('/docs', async (_req, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', DOCS_CSP).send(DOCS_HTML));
}
