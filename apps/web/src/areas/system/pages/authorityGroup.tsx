import { authorityGroupResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { grantTreeWidget } from '../widgets/GrantTree';

/** Permission groups: platform-defined sets of menus and buttons a role editor can start from. */
const parts: ResourceParts = { widgets: { grantTree: grantTreeWidget } };

export default function AuthorityGroupPage() {
  return <ResourcePage decl={authorityGroupResource} parts={parts} />;
}
