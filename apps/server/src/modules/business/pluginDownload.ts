import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { PLUGIN_DOWNLOAD_PATH } from '@gx/contract';
import type { EndpointDeps } from '../../http/endpoint';
import { registerPackageDownload } from '../../http/packageDownload';
import { pluginLogs, pluginVersions } from './pluginTables';

/**
 * `GET /plugin-package/<token>`: a device downloads the plugin version a push sent it. The token is the signed part
 * of the `plugin_install` link — one per push, valid until the push's commands can no longer be answered.
 */
export function registerPluginDownload(app: FastifyInstance, deps: EndpointDeps): void {
  registerPackageDownload(app, deps, PLUGIN_DOWNLOAD_PATH, async (token) => {
    const [row] = await deps.database.db
      .select({ key: pluginVersions.fileKey, sha256: pluginVersions.sha256, size: pluginVersions.fileSize, name: pluginLogs.pluginName, version: pluginVersions.version, expires: pluginLogs.linkExpiresAt })
      .from(pluginLogs)
      .innerJoin(pluginVersions, eq(pluginVersions.id, pluginLogs.versionId))
      .where(eq(pluginLogs.token, token))
      .limit(1);
    return row && { ...row, filename: `${row.name}-${row.version}.bin` };
  });
}
