import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { FIRMWARE_DOWNLOAD_PATH } from '@gx/contract';
import type { EndpointDeps } from '../../http/endpoint';
import { firmwarePackages } from './firmware';
import { rangeOf } from '../../http/range';
import { upgradeCampaigns, upgradeTargets } from './campaignTables';

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/**
 * `GET /firmware/<token>`: a device downloads its package. The token is the signed part of the link a campaign put
 * in the device's `upgrade` command — 256 random bits, one per device and campaign, valid until the command's own
 * expiry; an unknown or expired token answers 404 alike. Range requests (resuming a broken download) and the ETag
 * (the package's SHA-256) are honoured; HEAD answers the headers.
 */
export function registerFirmwareDownload(app: FastifyInstance, deps: EndpointDeps): void {
  app.get(`${FIRMWARE_DOWNLOAD_PATH}/:token`, async (req, reply) => {
    const { token } = req.params as { token: string };
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
    const notFound = () => reply.status(404).send({ code: 404, msg: 'Not Found' });
    if (!TOKEN_RE.test(token)) return notFound();
    const [row] = await deps.database.db
      .select({ key: firmwarePackages.fileKey, sha256: firmwarePackages.sha256, size: firmwarePackages.size, version: firmwarePackages.version, expires: upgradeTargets.linkExpiresAt })
      .from(upgradeTargets)
      .innerJoin(upgradeCampaigns, eq(upgradeCampaigns.id, upgradeTargets.campaignId))
      .innerJoin(firmwarePackages, eq(firmwarePackages.id, upgradeCampaigns.firmwareId))
      .where(eq(upgradeTargets.token, token))
      .limit(1);
    if (!row || !row.expires || row.expires.getTime() <= deps.services.now().getTime()) return notFound();
    const etag = `"${row.sha256}"`;
    reply.header('etag', etag).header('accept-ranges', 'bytes');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    const range = rangeOf(req.headers.range, row.size);
    if (range === 'bad') return reply.status(416).header('content-range', `bytes */${row.size}`).send();
    const file = await deps.services.files.get(row.key, range ?? undefined);
    if (!file) return notFound();
    reply.header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="firmware-${row.version.replace(/[^A-Za-z0-9._+-]/g, '_')}.bin"`);
    if (range) {
      return reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1).send(file.stream);
    }
    return reply.header('content-length', file.size).send(file.stream);
  });
}
