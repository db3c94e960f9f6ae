import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** What a hashed asset is, by extension; anything else under /assets is sent as bytes. */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** The pre-compressed siblings the build leaves, best first, by the Accept-Encoding token that takes each. */
const ENCODINGS = [['br', '.br'], ['gzip', '.gz']] as const;

/** Whether Accept-Encoding takes `coding` (named with a q above 0). */
function accepts(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * `GET /assets/<file>`: the build's hashed files, which never change under their name, read from disk once per encoding
 * and answered from memory with a year-long immutable cache. A console load asks for some 130 of them; from memory
 * each costs the server a fraction of what the static plugin's stat, open and stream do. Names only, no paths.
 */
export function registerAssetMemory(app: FastifyInstance, distDir: string, cacheControl: string): void {
  const dir = join(distDir, 'assets');
  const files = new Map<string, Buffer | null>();
  const read = (name: string): Buffer | null => {
    let bytes = files.get(name);
    if (bytes === undefined) {
      try {
        bytes = readFileSync(join(dir, name));
      } catch {
        bytes = null;
      }
      files.set(name, bytes);
    }
    return bytes;
  };
  app.get<{ Params: { file: string } }>('/assets/:file', (req, reply) => {
    const { file } = req.params;
    if (!/^[\w.-]+$/.test(file) || file.startsWith('.')) return reply.callNotFound();
    const acceptEncoding = String(req.headers['accept-encoding'] ?? '');
    const encoded = ENCODINGS.map(([coding, ext]) => [coding, accepts(acceptEncoding, coding) ? read(file + ext) : null] as const)
      .find(([, bytes]) => bytes !== null);
    const bytes = encoded?.[1] ?? read(file);
    if (!bytes) return reply.callNotFound();
    if (encoded) reply.header('content-encoding', encoded[0]);
    return reply
      .header('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
      .header('cache-control', cacheControl)
      // The bytes depend on Accept-Encoding (a .br or .gz sibling, or the file): a shared cache must key on it.
      .header('vary', 'accept-encoding')
      .send(bytes);
  });
}
