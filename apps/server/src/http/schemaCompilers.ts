import { createRequire } from 'node:module';
import type { ValidatorFactory } from '@fastify/ajv-compiler';
import type { SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

const load = createRequire(import.meta.url);

/** A compiler factory of package `id` (whose export makes one) that loads the package when Fastify first calls it. */
function onFirstUse<F extends (...args: never[]) => unknown>(id: string): F {
  let factory: F | undefined;
  const lazy = (...args: Parameters<F>) => {
    factory ??= (load(id) as () => F)();
    return factory(...args);
  };
  return lazy as F;
}

/**
 * Fastify's JSON-schema compilers (ajv for validation, fast-json-stringify for answers), loaded only when a route
 * declares a schema. Ours declare none — bodies are validated with the contract's zod schemas (`http/endpoint.ts`) —
 * yet Fastify loads both packages when it is created: ~0.1 s of every server start.
 */
export const schemaCompilersOnFirstUse: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: onFirstUse<ValidatorFactory>('@fastify/ajv-compiler'),
    buildSerializer: onFirstUse<SerializerFactory>('@fastify/fast-json-stringify-compiler'),
  },
};
