import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { Api, Code, organizationCreateBody, organizationJoinBody, type MyOrganization, type OrganizationOption } from '@gx/contract';
import { organizations, orgMembers, users } from '../../db/schema';
import { method, type EndpointSpec } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { organizationsOf } from './membership';
import { newInviteCode, normaliseInviteCode } from './inviteCode';
import { createOwnerRole } from './ownerRole';

/**
 * What any signed-in user does with organisations from the navbar drawer (SPEC §2): join one by invitation code,
 * create one, list their own. The administrators' list/add/update/remove live on the same path elsewhere.
 */
export const organizationSelfServiceEndpoint: EndpointSpec = {
  path: Api.shell.organization,
  methods: {
    join: method({
      access: 'user',
      body: organizationJoinBody,
      async handler(ctx, input): Promise<OrganizationOption> {
        const p = ctx.user();
        const [org] = await ctx.db
          .select({ id: organizations.id, name: organizations.name, status: organizations.status })
          .from(organizations)
          .where(eq(organizations.inviteCode, normaliseInviteCode(input.code)))
          .limit(1);
        if (!org || org.status !== 1) throw new AppError(Code.NOT_FOUND, 'validation.inviteCodeUnknown', 'code');
        const joined = await ctx.db.insert(orgMembers).values({ orgId: org.id, userId: p.userId }).onConflictDoNothing().returning();
        if (joined.length === 0) throw new AppError(Code.CONFLICT, 'validation.alreadyMember', 'code');
        // A member without roles sees the open menus only, until the organisation's administrators grant more.
        // A user with no organisation yet starts working in this one; others switch from the drawer when they like.
        if (p.orgId === null) await ctx.db.update(users).set({ currentOrgId: org.id, updatedAt: ctx.services.now() }).where(eq(users.id, p.userId));
        await ctx.audit(ctx.db, { target: org.id, after: { joined: org.id } });
        return { id: org.id, name: org.name };
      },
    }),
    form: method({
      access: 'user',
      body: organizationCreateBody,
      async handler(ctx, input): Promise<OrganizationOption> {
        const p = ctx.user();
        const [org] = await ctx.db
          .insert(organizations)
          .values({ name: input.name, inviteCode: newInviteCode(), ownerId: p.userId })
          .returning({ id: organizations.id, name: organizations.name });
        if (!org) throw new Error('organisation insert returned nothing');
        await ctx.db.insert(orgMembers).values({ orgId: org.id, userId: p.userId });
        const roleId = await createOwnerRole(ctx.db, org.id, p.userId, ctx.lang);
        // The creator goes on to set the new organisation up, so it becomes the current one.
        await ctx.db.update(users).set({ currentOrgId: org.id, updatedAt: ctx.services.now() }).where(eq(users.id, p.userId));
        await ctx.audit(ctx.db, { target: org.id, after: { id: org.id, name: org.name, ownerRoleId: roleId } });
        return org;
      },
    }),
    mine: method({
      access: 'user',
      body: z.object({}).passthrough(),
      readOnly: true,
      async handler(ctx): Promise<{ list: MyOrganization[] }> {
        const p = ctx.user();
        const rows = await organizationsOf(ctx.db, p.userId);
        return {
          list: rows.map((o) => ({
            id: o.id,
            name: o.name,
            current: o.id === p.orgId,
            ...(o.ownerId === p.userId || p.isAdmin ? { invite_code: o.inviteCode } : {}),
          })),
        };
      },
    }),
  },
};
