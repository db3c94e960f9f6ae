import { projectMemberResource } from '@gx/contract';
import { ResourceList } from '../../../resources/ResourceList';
import type { TabProps } from '../../../resources/types';

/** `projectMembers` tab of a project: its team through the generic list, fixed to this project. */
export function ProjectMembers({ row }: TabProps) {
  return (
    <div data-testid="project-members">
      <ResourceList decl={projectMemberResource} fixed={{ project_id: row.id }} />
    </div>
  );
}
