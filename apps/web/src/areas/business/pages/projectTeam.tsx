import { projectResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { ProjectMembers } from '../widgets/ProjectMembers';

const parts: ResourceParts = { tabs: { projectMembers: ProjectMembers } };

/** Projects, with each project's team (members of the organisation and their roles) in its details. */
export default function ProjectTeamPage() {
  return <ResourcePage decl={projectResource} parts={parts} />;
}
