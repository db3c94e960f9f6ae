import { workOrderResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { SlaDueCell } from '../widgets/SlaDueCell';
import { WorkOrderTimeline } from '../widgets/WorkOrderTimeline';

const parts: ResourceParts = { cells: { slaDue: SlaDueCell }, tabs: { workOrderTimeline: WorkOrderTimeline } };

/**
 * Work orders: the generic list and forms, the flow's steps as row actions (offered as the server's `_denied`
 * allows), overdue orders highlighted, and each order's timeline with comments and photos in its details.
 */
export default function WorkOrderPage() {
  return <ResourcePage decl={workOrderResource} parts={parts} />;
}
