import { organizationResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { OrganizationMembers } from '../widgets/OrganizationMembers';

/** Organisations (the tenants); an organisation's details list its members, who can be added and taken out there. */
const parts: ResourceParts = { tabs: { members: OrganizationMembers } };

export default function OrganizationPage() {
  return <ResourcePage decl={organizationResource} parts={parts} />;
}
