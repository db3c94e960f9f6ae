import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { PLUGIN_DOWNLOAD_PATH } from '@gx/contract';
import type { EndpointDeps } from '../../http/endpoint';
import { rangeOf } from '../../http/range';
import { pluginLogs, pluginVersions } from './pluginTables';

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/**
 * `GET /plugin-package/<token>`: a device downloads the plugin version a push sent it. The token is the signed part
 * of the `plugin_install` link — 256 random bits, one per push, valid until the push's commands can no longer be
 * answered; an unknown or expired token answers 404 alike. Like firmware downloads: `ETag` (the SHA-256), one
 * `Range` (206/416) and HEAD.
 */
export function registerPluginDownload(app: FastifyInstance, deps: EndpointDeps): void {
  app.get(`${PLUGIN_DOWNLOAD_PATH}/:token`, async (req, reply) => {
    const { token } = req.params as { token: string };
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
    const notFound = () => reply.status(404).send({ code: 404, msg: 'Not Found' });
    if (!TOKEN_RE.test(token)) return notFound();
    const [row] = await deps.database.db
      .select({ key: pluginVersions.fileKey, sha256: pluginVersions.sha256, size: pluginVersions.fileSize, name: pluginLogs.pluginName, version: pluginVersions.version, expires: pluginLogs.linkExpiresAt })
      .from(pluginLogs)
      .innerJoin(pluginVersions, eq(pluginVersions.id, pluginLogs.versionId))
      .where(eq(pluginLogs.token, token))
      .limit(1);
    if (!row || !row.expires || row.expires.getTime() <= deps.services.now().getTime()) return notFound();
    const etag = `"${row.sha256}"`;
    reply.header('etag', etag).header('accept-ranges', 'bytes');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    const range = rangeOf(req.headers.range, row.size);
    if (range === 'bad') return reply.status(416).header('content-range', `bytes */${row.size}`).send();
    const file = await deps.services.files.get(row.key, range ?? undefined);
    if (!file) return notFound();
    const safe = (s: string) => s.replace(/[^A-Za-z0-9._+-]/g, '_');
    reply.header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${safe(row.name)}-${safe(row.version)}.bin"`);
    if (range) {
      return reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1).send(file.stream);
    }
    return reply.header('content-length', file.size).send(file.stream);
  });
}
