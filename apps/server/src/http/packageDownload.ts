import type { FastifyInstance } from 'fastify';
import type { EndpointDeps } from './endpoint';
import { rangeOf } from './range';

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/** What a download token stands for: the stored file, its hash and size, the name it downloads as, until when. */
export interface PackageLink { key: string; sha256: string; size: number; filename: string; expires: Date | null }

/**
 * `GET <path>/<token>`: a device downloads a package (firmware, plugin) through the link its command carried. The
 * token is 256 random bits; an unknown or expired one answers 404 alike. The ETag is the package's SHA-256; one
 * `Range` (resuming a broken download: 206, or 416) and HEAD are honoured.
 */
export function registerPackageDownload(
  app: FastifyInstance, deps: EndpointDeps, path: string, linkOf: (token: string) => Promise<PackageLink | undefined>,
): void {
  app.get(`${path}/:token`, async (req, reply) => {
    const { token } = req.params as { token: string };
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
    const notFound = () => reply.status(404).send({ code: 404, msg: 'Not Found' });
    if (!TOKEN_RE.test(token)) return notFound();
    const row = await linkOf(token);
    if (!row || !row.expires || row.expires.getTime() <= deps.services.now().getTime()) return notFound();
    const etag = `"${row.sha256}"`;
    reply.header('etag', etag).header('accept-ranges', 'bytes');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    const range = rangeOf(req.headers.range, row.size);
    if (range === 'bad') return reply.status(416).header('content-range', `bytes */${row.size}`).send();
    const file = await deps.services.files.get(row.key, range ?? undefined);
    if (!file) return notFound();
    reply.header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${row.filename.replace(/[^A-Za-z0-9._+-]/g, '_')}"`);
    if (range) {
      return reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1).send(file.stream);
    }
    return reply.header('content-length', file.size).send(file.stream);
  });
}
