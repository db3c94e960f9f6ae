import { z } from 'zod';
import { closedObject } from '../resources/schemas';
import { zCaptchaAnswer } from '../shell/portal';
import { zLinkToken } from '../device/transferLink';
import type { ProjectInvitationStanding } from '../resources/business/projectInvitation';

/**
 * `/ProjectCollaboration?token=…` (SPEC §2): the invitee of a project invitation (`business.project_invitation`)
 * reads what it is — the project, the inviting organisation, the role — and, signed in, accepts (joins the project's
 * team with that role) or declines. Used, revoked and expired invitations say so.
 */
export const ProjectCollaborationApi = {
  /** `summary` (public, limited like every public query), `accept` and `decline` (signed in). */
  path: '/public/project_invitation',
} as const;

export const PROJECT_COLLABORATION_ROUTE = '/ProjectCollaboration';

export const projectInvitationSummaryBody = closedObject({ method: z.literal('summary'), token: zLinkToken, code: zCaptchaAnswer });
export type ProjectInvitationSummary =
  | { found: false }
  | { found: true; project: string; org: string; role: string; standing: ProjectInvitationStanding; expires_at: string };

export const projectInvitationAnswerBody = closedObject({ method: z.enum(['accept', 'decline']), token: zLinkToken });
export interface ProjectInvitationOutcome {
  standing: 'accepted' | 'declined';
  project: string;
  org: string;
  role: string;
}

/** The link a project manager hands out for a token. */
export function projectInvitationUrl(origin: string, token: string): string {
  return `${origin}${PROJECT_COLLABORATION_ROUTE}?token=${encodeURIComponent(token)}`;
}
