import { belongResource } from '@gx/contract';
import { ResourceList } from '../../../resources/ResourceList';
import type { TabProps } from '../../../resources/types';

/**
 * `members` tab of an organisation: its memberships (`/admin/system/webmaster/belong`) through the generic list,
 * fixed to this organisation, so adding a member by username and taking one out work as on any list.
 */
export function OrganizationMembers({ row }: TabProps) {
  return <ResourceList decl={belongResource} fixed={{ org_id: row.id }} />;
}
