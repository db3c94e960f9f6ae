import { authorityGroupResource, cloudAppResource, clusterResource, organizationClusterResource } from '@gx/contract';
import { authorityGroups, cloudApps, clusters, organizationClusters } from '../../db/schema';
import { defineResource } from '../../resources/define';

/**
 * Platform-wide catalogues that need nothing beyond the generic path: permission groups, clusters, the cluster
 * serving each organisation, cloud apps. (A cluster or app still in use is refused removal by its foreign key.)
 */
export const authorityGroupBinding = defineResource({ decl: authorityGroupResource, table: authorityGroups, tenant: { kind: 'platform' } });
export const clusterBinding = defineResource({ decl: clusterResource, table: clusters, tenant: { kind: 'platform' } });
export const organizationClusterBinding = defineResource({ decl: organizationClusterResource, table: organizationClusters, tenant: { kind: 'platform' } });
export const cloudAppBinding = defineResource({ decl: cloudAppResource, table: cloudApps, tenant: { kind: 'platform' } });
