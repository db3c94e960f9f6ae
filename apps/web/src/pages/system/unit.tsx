import { unitResource } from '@gx/contract';
import { ResourcePage } from '../../resources/ResourcePage';

/** Departments of the current organisation, as a tree. */
export default function UnitPage() {
  return <ResourcePage decl={unitResource} />;
}
