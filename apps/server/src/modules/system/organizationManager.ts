import { organizationManagerResource } from '@gx/contract';
import { organizationManagers } from '../../db/schema';
import { defineResource } from '../../resources/define';

/** Managers of the organisation: the person must be a member (the user reference is membership-scoped). */
export const organizationManagerBinding = defineResource({
  decl: organizationManagerResource,
  table: organizationManagers,
  tenant: { kind: 'column', column: organizationManagers.orgId },
});
