import { projectResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { ProjectInvitations } from '../widgets/ProjectInvitations';
import { ProjectMembers } from '../widgets/ProjectMembers';

const parts: ResourceParts = { tabs: { projectMembers: ProjectMembers, projectInvitations: ProjectInvitations } };

/** Projects, with each project's team (members and their roles) and its invitations in its details. */
export default function ProjectTeamPage() {
  return <ResourcePage decl={projectResource} parts={parts} />;
}
