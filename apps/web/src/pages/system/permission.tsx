import { permissionResource } from '@gx/contract';
import { ResourcePage } from '../../resources/ResourcePage';

/** The menu tree (SPEC §3 menu/route entry): the pages roles grant, shown as a tree until filtered. */
export default function PermissionPage() {
  return <ResourcePage decl={permissionResource} />;
}
