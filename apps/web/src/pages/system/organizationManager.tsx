import { organizationManagerResource } from '@gx/contract';
import { ResourcePage } from '../../resources/ResourcePage';

/** The members who answer for the organisation. */
export default function OrganizationManagerPage() {
  return <ResourcePage decl={organizationManagerResource} />;
}
