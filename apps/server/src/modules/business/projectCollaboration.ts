import { and, eq } from 'drizzle-orm';
import {
  Code, PROJECT_ROLE_OPTIONS, ProjectCollaborationApi, projectInvitationAnswerBody, projectInvitationSummaryBody, type Lang, type ProjectInvitationOutcome,
  type ProjectInvitationStanding, type ProjectInvitationSummary,
} from '@gx/contract';
import { organizations } from '../../db/schema';
import type { Executor } from '../../db/client';
import { hashToken } from '../../auth/token';
import { method, type EndpointSpec } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import type { RequestContext } from '../../http/context';
import { admitQuery } from '../portal/limits';
import { admitSignedLookup } from '../equipment/transferLink';
import { projectMembers, projects } from './project';
import { projectInvitations } from './projectInvitation';

const roleLabel = (role: string, lang: Lang) => PROJECT_ROLE_OPTIONS.find((o) => o.value === role)?.label[lang] ?? role;

/** A stored state read against the clock: a pending invitation past its expiry is expired. */
function standingOf(state: string, expiresAt: Date, now: Date): ProjectInvitationStanding {
  return state === 'pending' && expiresAt <= now ? 'expired' : (state as ProjectInvitationStanding);
}

/** The invitation behind a token with its project and organisation; `lock` holds it for the answer. */
async function invitationOf(exec: Executor, token: string, lock: boolean) {
  const q = exec.select({
    id: projectInvitations.id, orgId: projectInvitations.orgId, projectId: projectInvitations.projectId, role: projectInvitations.role,
    state: projectInvitations.state, expiresAt: projectInvitations.expiresAt, project: projects.name, projectStatus: projects.status,
    org: organizations.name, orgStatus: organizations.status,
  }).from(projectInvitations)
    .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
    .innerJoin(organizations, eq(organizations.id, projectInvitations.orgId))
    .where(eq(projectInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await q.for('update', { of: projectInvitations }) : await q;
  return row;
}

const REFUSAL: Record<Exclude<ProjectInvitationStanding, 'pending'>, string> = {
  accepted: 'validation.invitationUsed',
  declined: 'validation.invitationUsed',
  revoked: 'validation.invitationRevoked',
  expired: 'validation.invitationExpired',
};

/**
 * Accept or decline, in one transaction of its own after the caller's look-up was counted (so a refusal still
 * counts). Every refusal names `token`: unknown (1006), answered before, revoked or expired (1007), the project
 * closed, or the caller already on its team (1007). Accepting adds the caller to the team with the invitation's
 * role, whatever organisation the caller works in (see the README's decision on outside collaborators).
 */
async function answer(ctx: RequestContext, token: string, choice: 'accept' | 'decline'): Promise<ProjectInvitationOutcome> {
  await admitSignedLookup(ctx, 'pinvu');
  return ctx.db.transaction(async (tx) => {
    const inv = await invitationOf(tx, token, true);
    if (!inv || inv.orgStatus !== 1) throw new AppError(Code.NOT_FOUND, 'validation.linkUnknown', 'token');
    const now = ctx.services.now();
    const standing = standingOf(inv.state, inv.expiresAt, now);
    if (standing !== 'pending') throw new AppError(Code.CONFLICT, REFUSAL[standing], 'token');
    const userId = ctx.user().userId;
    if (choice === 'accept') {
      if (inv.projectStatus !== 1) throw new AppError(Code.CONFLICT, 'validation.projectClosed', 'token');
      const [already] = await tx.select({ id: projectMembers.id }).from(projectMembers)
        .where(and(eq(projectMembers.projectId, inv.projectId), eq(projectMembers.userId, userId)));
      if (already) throw new AppError(Code.CONFLICT, 'validation.alreadyProjectMember', 'token');
      await tx.insert(projectMembers).values({ orgId: inv.orgId, projectId: inv.projectId, userId, role: inv.role, createdAt: now, updatedAt: now });
    }
    const to = choice === 'accept' ? 'accepted' : 'declined';
    await tx.update(projectInvitations).set({ state: to, decidedBy: userId, decidedAt: now }).where(eq(projectInvitations.id, inv.id));
    await ctx.audit(tx, { target: inv.id, before: { state: inv.state }, after: { state: to, project_id: inv.projectId, user_id: userId } });
    return { standing: to, project: inv.project, org: inv.org, role: roleLabel(inv.role, ctx.lang) };
  });
}

/**
 * `/ProjectCollaboration?token=…`: `summary` tells anyone holding the link the project's name, the inviting
 * organisation, the role and whether it can still be answered — nothing else (not the note, not who invited) —
 * limited per IP and per token with the captcha after the free queries; an unknown token answers `{found: false}`.
 */
export const projectCollaborationEndpoint: EndpointSpec = {
  path: ProjectCollaborationApi.path,
  methods: {
    summary: method({
      access: 'public', body: projectInvitationSummaryBody, readOnly: true,
      async handler(ctx, input): Promise<ProjectInvitationSummary> {
        await admitQuery(ctx, 'pinv', hashToken(input.token).slice(0, 32), input.code);
        const inv = await invitationOf(ctx.db, input.token, false);
        if (!inv || inv.orgStatus !== 1) return { found: false };
        return {
          found: true, project: inv.project, org: inv.org, role: roleLabel(inv.role, ctx.lang),
          standing: standingOf(inv.state, inv.expiresAt, ctx.services.now()), expires_at: inv.expiresAt.toISOString(),
        };
      },
    }),
    accept: method({
      access: 'user', body: projectInvitationAnswerBody, transactional: false,
      handler: (ctx, input) => answer(ctx, input.token, 'accept'),
    }),
    decline: method({
      access: 'user', body: projectInvitationAnswerBody, transactional: false,
      handler: (ctx, input) => answer(ctx, input.token, 'decline'),
    }),
  },
};
