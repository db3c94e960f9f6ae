import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { FIRMWARE_DOWNLOAD_PATH } from '@gx/contract';
import type { EndpointDeps } from '../../http/endpoint';
import { registerPackageDownload } from '../../http/packageDownload';
import { firmwarePackages } from './firmware';
import { upgradeCampaigns, upgradeTargets } from './campaignTables';

/**
 * `GET /firmware/<token>`: a device downloads its package. The token is the signed part of the link a campaign put
 * in the device's `upgrade` command — one per device and campaign, valid until the command's own expiry.
 */
export function registerFirmwareDownload(app: FastifyInstance, deps: EndpointDeps): void {
  registerPackageDownload(app, deps, FIRMWARE_DOWNLOAD_PATH, async (token) => {
    const [row] = await deps.database.db
      .select({ key: firmwarePackages.fileKey, sha256: firmwarePackages.sha256, size: firmwarePackages.size, version: firmwarePackages.version, expires: upgradeTargets.linkExpiresAt })
      .from(upgradeTargets)
      .innerJoin(upgradeCampaigns, eq(upgradeCampaigns.id, upgradeTargets.campaignId))
      .innerJoin(firmwarePackages, eq(firmwarePackages.id, upgradeCampaigns.firmwareId))
      .where(eq(upgradeTargets.token, token))
      .limit(1);
    return row && { ...row, filename: `firmware-${row.version}.bin` };
  });
}
