import { programmeStreamResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { WeekdaysCell, programmeStreamWidgets } from '../widgets/ProgrammeStreamFields';

const parts: ResourceParts = { widgets: programmeStreamWidgets, cells: { weekdays: WeekdaysCell } };

/** Programme stream: the generic list (playing on, next change) with pickers of screens and programmes, days and times. */
export default function ProgrammeStreamPage() {
  return <ResourcePage decl={programmeStreamResource} parts={parts} />;
}
