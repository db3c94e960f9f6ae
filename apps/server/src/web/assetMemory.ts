import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

/** Text worth compressing; fonts and images are compressed already. */
const TEXT = new Set(['.js', '.css', '.svg', '.json']);

/**
 * The pre-compressed siblings the build leaves, best first, by the Accept-Encoding token that takes each, and how to
 * make one the build left out (it skips files under 1 KB, which the server used to compress on every request).
 */
const ENCODINGS = [
  ['br', '.br', (b: Buffer) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
  ['gzip', '.gz', (b: Buffer) => gzipSync(b, { level: 9 })],
] as const;

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
 * `GET /assets/<file>`: the build's hashed files, which never change under their name, read from disk (or compressed)
 * once per encoding and answered from memory with a year-long immutable cache. A console load asks for some 130 of them; from memory
 * each costs the server a fraction of what the static plugin's stat, open and stream do. Names only, no paths.
 */
export function registerAssetMemory(app: FastifyInstance, distDir: string, cacheControl: string): void {
  const dir = join(distDir, 'assets');
  const files = new Map<string, Buffer | null>();
  const fromDisk = (name: string): Buffer | null => {
    try {
      return readFileSync(join(dir, name));
    } catch {
      return null;
    }
  };
  const remember = (name: string, make: () => Buffer | null): Buffer | null => {
    let bytes = files.get(name);
    if (bytes === undefined) files.set(name, (bytes = make()));
    return bytes;
  };
  /** The file itself; a name that is no file is not remembered, so probing names costs no memory. */
  const read = (name: string): Buffer | null => {
    const bytes = files.get(name) ?? fromDisk(name);
    if (bytes) files.set(name, bytes);
    return bytes;
  };
  /** The file in an encoding: the build's sibling, else (text) compressed here once, when that makes it smaller. */
  const encodedAs = (file: string, raw: Buffer, ext: string, compress: (b: Buffer) => Buffer) => remember(file + ext, () => {
    const sibling = fromDisk(file + ext);
    if (sibling || !TEXT.has(extname(file))) return sibling;
    const made = compress(raw);
    return made.length < raw.length ? made : null;
  });
  app.get<{ Params: { file: string } }>('/assets/:file', (req, reply) => {
    const { file } = req.params;
    if (!/^[\w.-]+$/.test(file) || file.startsWith('.')) return reply.callNotFound();
    const raw = read(file);
    if (!raw) return reply.callNotFound();
    const acceptEncoding = String(req.headers['accept-encoding'] ?? '');
    // The first accepted encoding that has bytes; the later ones are not made (gzip's set-up alone, per small file,
    // was most of a test server's compression time while every browser takes br).
    let encoded: readonly [string, Buffer] | undefined;
    for (const [coding, ext, compress] of ENCODINGS) {
      const bytes = accepts(acceptEncoding, coding) ? encodedAs(file, raw, ext, compress) : null;
      if (bytes) {
        encoded = [coding, bytes];
        break;
      }
    }
    const bytes = encoded?.[1] ?? raw;
    if (encoded) reply.header('content-encoding', encoded[0]);
    return reply
      .header('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
      .header('cache-control', cacheControl)
      // The bytes depend on Accept-Encoding (a .br or .gz sibling, or the file): a shared cache must key on it.
      .header('vary', 'accept-encoding')
      .send(bytes);
  });
}
