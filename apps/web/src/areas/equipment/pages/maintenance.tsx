import { maintenanceResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { centsWidget } from '../../marketing/widgets/CentsInput';
import { MaintenanceParts } from '../widgets/MaintenanceParts';

const parts: ResourceParts = { widgets: { cents: centsWidget }, tabs: { maintenanceParts: MaintenanceParts } };

/** Maintenance records: the generic list and forms (labour in yuan), with each record's parts and cost in its details. */
export default function MaintenancePage() {
  return <ResourcePage decl={maintenanceResource} parts={parts} />;
}
