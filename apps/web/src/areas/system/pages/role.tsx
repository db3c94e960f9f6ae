import { roleResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { grantTreeWidget } from '../widgets/GrantTree';

/** Roles of the current organisation; a role grants menus and buttons through one checkbox tree. */
const parts: ResourceParts = { widgets: { grantTree: grantTreeWidget } };

export default function RolePage() {
  return <ResourcePage decl={roleResource} parts={parts} />;
}
