import type { ResourceDecl } from '../types';
import { userResource } from './user';
import { roleResource } from './role';
import { permissionResource } from './permission';
import { buttonResource } from './button';
import { organizationResource } from './organization';
import { operationLogResource } from './operationLog';
import { websiteConfigResource } from './websiteConfig';
import { nicResource } from './nic';
import { belongResource } from './belong';
import { webmasterResource } from './webmaster';
import { visitLogResource } from './visitLog';
import { authorityGroupResource } from './authorityGroup';
import { clusterResource } from './cluster';
import { organizationClusterResource } from './organizationCluster';
import { unitResource } from './unit';
import { cloudAppResource } from './cloudApp';
import { orderResource } from './order';
import { organizationManagerResource } from './organizationManager';

export * from './functionMenu';
export { ORDER_CANCELLED, ORDER_PAID, ORDER_PENDING } from './order';
export {
  userResource, roleResource, permissionResource, buttonResource, organizationResource, operationLogResource,
  websiteConfigResource, nicResource, belongResource, webmasterResource, visitLogResource, authorityGroupResource,
  clusterResource, organizationClusterResource, unitResource, cloudAppResource, orderResource, organizationManagerResource,
};

/** The system area (SPEC §2 system, §7 System). */
export const systemResources: readonly ResourceDecl[] = [
  userResource, roleResource, permissionResource, buttonResource, organizationResource, operationLogResource,
  websiteConfigResource, nicResource, belongResource, webmasterResource, visitLogResource, authorityGroupResource,
  clusterResource, organizationClusterResource, unitResource, cloudAppResource, orderResource, organizationManagerResource,
] as unknown as readonly ResourceDecl[];
