import { timedTaskRunResource } from '@gx/contract';
import { ResourceList } from '../../../resources/ResourceList';
import type { TabProps } from '../../../resources/types';

/** A timed task's runs, newest first: the run list narrowed to the task. */
export function TimedTaskRuns({ row }: TabProps) {
  return <ResourceList decl={timedTaskRunResource} fixed={{ task_id: Number(row.id) }} />;
}
