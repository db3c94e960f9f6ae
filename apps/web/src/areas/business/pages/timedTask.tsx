import { timedTaskResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { TimedTaskRuns } from '../widgets/TimedTaskRuns';

const parts: ResourceParts = { tabs: { timedTaskRuns: TimedTaskRuns } };

/** Timed tasks: the generic list and forms (next run, last outcome), with each task's runs in its details. */
export default function TimedTaskPage() {
  return <ResourcePage decl={timedTaskResource} parts={parts} />;
}
