import { userResource } from '@gx/contract';
import { ResourcePage } from '../../resources/ResourcePage';

/** Users of the current organisation (SPEC §2 system/user): accounts, roles, enable/disable, password reset, import and export. */
export default function UserPage() {
  return <ResourcePage decl={userResource} />;
}
