import { endpointsOf, registryOf, type ServerArea } from '../http/area';
import type { ResourceServer } from '../resources/types';
import { indexArea } from './index/plugin';
import { profileArea } from './profile/plugin';
import { organizationArea } from './organization/plugin';
import { personnelArea } from './personnel/plugin';
import { notificationArea } from './notification/plugin';
import { oaArea } from './oa/plugin';
import { portalArea } from './portal/plugin';
import { wechatArea } from './wechat/plugin';
import { uploadArea } from './upload/plugin';
import { systemArea } from './system/plugin';
import { equipmentArea } from './equipment/plugin';
import { marketingArea } from './marketing/plugin';
import { businessArea } from './business/plugin';
import { consultArea } from './consult/plugin';
import { dcArea } from './dc/plugin';
import { upgradeArea } from './upgrade/plugin';
import { dashboardArea } from './dashboard/plugin';
import { monitorServerArea } from './monitor/plugin';
import { pageOnlyAreas } from './pageOnlyAreas';
import { bindingsByArea } from './bindings.generated';

/**
 * Each area with the resource bindings of its folder (`modules/<area>/*.ts` exporting `defineResource(…)`, listed
 * by the generated index), so a new binding is served by being written. Bindings in a folder that is no area stop
 * the start.
 */
export function withBindings(list: readonly ServerArea[], found: Readonly<Record<string, readonly ResourceServer[]>> = bindingsByArea): ServerArea[] {
  const keys = new Set(list.map((a) => a.key));
  const lost = Object.keys(found).filter((k) => !keys.has(k));
  if (lost.length) throw new Error(`bindings in modules/${lost.join(', modules/')} belong to no area`);
  return list.map((a) => {
    const own = found[a.key] ?? [];
    if (a.resources?.length && own.length) throw new Error(`area ${a.key} lists resources by hand and in its folder`);
    return own.length ? { ...a, resources: own } : a;
  });
}

/** Every area of the product. `buildApp` serves them, the seed creates their menus and keys, tests walk them. */
export const productAreas: ServerArea[] = withBindings([
  indexArea, profileArea, organizationArea, personnelArea, notificationArea, oaArea, portalArea, wechatArea, uploadArea,
  systemArea, equipmentArea, upgradeArea, marketingArea, businessArea, consultArea, dcArea, dashboardArea, monitorServerArea, ...pageOnlyAreas,
]);

/** Every API endpoint of the product. The authorization matrix and OpenAPI read this list. */
export const allEndpoints = endpointsOf(productAreas);

/** The resources of the product, by key (tests walk them). */
export const productResources = registryOf(productAreas);
