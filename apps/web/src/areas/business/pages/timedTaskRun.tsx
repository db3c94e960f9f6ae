import { timedTaskRunResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { TimedTaskRunCommands } from '../widgets/TimedTaskRunCommands';

const parts: ResourceParts = { tabs: { timedTaskRunCommands: TimedTaskRunCommands } };

/** Runs of timed tasks, each with the commands it created and their states in its details. */
export default function TimedTaskRunPage() {
  return <ResourcePage decl={timedTaskRunResource} parts={parts} />;
}
