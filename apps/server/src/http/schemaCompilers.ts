import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

const load = createRequire(import.meta.url);

type Selector = (...args: unknown[]) => unknown;

/** A compiler factory that loads its package the first time Fastify asks it for a compiler. */
function onFirstUse(id: string): Selector {
  let selector: Selector | undefined;
  return (...args) => {
    selector ??= (load(id) as () => Selector)();
    return selector(...args);
  };
}

/**
 * Fastify's JSON-schema compilers (ajv for validation, fast-json-stringify for answers), loaded only when a route
 * declares a schema. Ours declare none — bodies are validated with the contract's zod schemas (`http/endpoint.ts`) —
 * yet Fastify loads both packages when it is created: ~0.1 s of every server start.
 */
export const schemaCompilersOnFirstUse = {
  compilersFactory: {
    buildValidator: onFirstUse('@fastify/ajv-compiler'),
    buildSerializer: onFirstUse('@fastify/fast-json-stringify-compiler'),
  },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;
