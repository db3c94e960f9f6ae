import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { registerAssetMemory } from './assetMemory';

const YEAR = 60 * 60 * 24 * 365;
const IMMUTABLE = `public, max-age=${YEAR}, immutable`;

/**
 * Serves the built console: hashed assets cached for a year, everything else revalidated, pre-compressed .br/.gz
 * siblings chosen by Accept-Encoding (and said so in Vary), and every unknown GET outside /v3 answered with
 * index.html so client-side routes survive a reload. Returns false when there is no build to serve.
 */
export async function registerConsole(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'console build not found; serving the API only');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    preCompressed: true,
    index: false,
    setHeaders(res, path) {
      const immutable = path.includes(`${join('/', 'assets', '/')}`) || /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png)$/.test(path);
      res.header('cache-control', immutable ? IMMUTABLE : 'no-cache');
      // The bytes depend on Accept-Encoding (a .br or .gz sibling, or the file): a shared cache must key on it.
      res.header('vary', 'accept-encoding');
    },
  });
  registerAssetMemory(app, distDir, IMMUTABLE);
  // The site root is a directory to the static plugin, which refuses it; it is the console's entry page.
  app.get('/', (_req, reply) => sendConsoleIndex(reply));
  // Pages built as entries of their own (a guest's phone must not load the console to reach the Wi-Fi).
  for (const [path, file] of Object.entries(OWN_ENTRIES)) {
    if (existsSync(join(distDir, file))) app.get(path, (_req, reply) => reply.header('cache-control', 'no-cache').sendFile(file));
  }
  return true;
}

/** Public pages with their own HTML entry and bundle (apps/web/vite.wifilogin.config.ts), by path. */
export const OWN_ENTRIES: Readonly<Record<string, string>> = { '/wifilogin': 'wifilogin.html' };

export function sendConsoleIndex(reply: FastifyReply): unknown {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
