import { packageResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { centsWidget } from '../widgets/CentsInput';

/** Service packages: money is entered in integer cents with its yuan value shown beside the input. */
const parts: ResourceParts = { widgets: { cents: centsWidget } };

export default function PackagePage() {
  return <ResourcePage decl={packageResource} parts={parts} />;
}
