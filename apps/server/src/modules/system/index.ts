import type { EndpointSpec } from '../../http/endpoint';
import { resourceEndpoints } from '../../resources/endpoint';
import { userBinding } from './user';
import { roleBinding } from './role';
import { permissionBinding } from './permission';
import { buttonBinding } from './button';
import { organizationBinding } from './organization';
import { operationLogBinding } from './operationLog';
import { websiteConfigBinding } from './websiteConfig';
import { belongBinding } from './belong';
import { webmasterBinding } from './webmaster';
import { visitLogBinding } from './visitLog';
import { authorityGroupBinding, cloudAppBinding, clusterBinding, organizationClusterBinding } from './platformCatalogue';
import { unitBinding } from './unit';
import { orderBinding } from './order';
import { organizationManagerBinding } from './organizationManager';
import { nicEndpoint } from './nic';
import { functionMenuEndpoint } from './functionMenu';

/** The system area (SPEC §2 system, §7 System): resources served by the generic engine, plus two hand-written endpoints. */
export const systemEndpoints: EndpointSpec[] = [
  ...[
    userBinding, roleBinding, permissionBinding, buttonBinding, organizationBinding, operationLogBinding,
    websiteConfigBinding, belongBinding, webmasterBinding, visitLogBinding, authorityGroupBinding, clusterBinding,
    organizationClusterBinding, cloudAppBinding, unitBinding, orderBinding, organizationManagerBinding,
  ].flatMap(resourceEndpoints),
  nicEndpoint,
  functionMenuEndpoint,
];
