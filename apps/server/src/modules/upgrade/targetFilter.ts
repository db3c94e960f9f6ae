import { and, asc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { devices } from '../../db/schema';
import { tagMatch } from '../../resources/query';
import { fits, type firmwarePackages } from './firmware';
import { upgradeTargets } from './campaignTables';

/** A campaign's device filter, as it is made and as it is kept (null: that criterion is not used). */
export interface TargetFilter { group: number | null; model: string | null; fw: string | null; tag: string | null; onlineOnly: boolean }

/**
 * The organisation's enabled devices the filter reaches and the package fits (family, models, minimum version),
 * by id; `except` leaves out a campaign's present targets (a dynamic campaign's newcomers).
 */
export async function devicesMatching(
  exec: Executor, orgId: number, pkg: typeof firmwarePackages.$inferSelect, f: TargetFilter, except?: number,
): Promise<number[]> {
  const where: SQL[] = [eq(devices.orgId, orgId), eq(devices.status, 1), eq(devices.family, pkg.family)];
  if (pkg.models) where.push(inArray(devices.model, pkg.models.split(',')));
  if (f.group !== null) where.push(eq(devices.groupId, f.group));
  if (f.model !== null) where.push(eq(devices.model, f.model));
  if (f.fw !== null) where.push(eq(devices.fw, f.fw));
  if (f.tag !== null) where.push(tagMatch(devices.tags, f.tag));
  if (f.onlineOnly) where.push(eq(devices.online, 1));
  if (except !== undefined) {
    where.push(notInArray(devices.id, exec.select({ id: upgradeTargets.deviceId }).from(upgradeTargets).where(eq(upgradeTargets.campaignId, except))));
  }
  // The minimum version is compared segment by segment (compareVersions), so after the query.
  const rows = await exec.select({ id: devices.id, family: devices.family, model: devices.model, fw: devices.fw }).from(devices)
    .where(and(...where)).orderBy(asc(devices.id));
  return rows.filter((d) => fits(pkg, d)).map((d) => d.id);
}
