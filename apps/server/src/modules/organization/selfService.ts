import { eq } from 'drizzle-orm';
import { Api, Code, organizationCreateBody, organizationJoinBody, type MyOrganization, type OrganizationOption } from '@gx/contract';
import { organizations, orgMembers, users } from '../../db/schema';
import { assertCountersBelow, clearCounter, countFailure } from '../../auth/throttle';
import { moveSessionsTo } from '../../auth/session';
import { closedBody, method, noInput, type EndpointSpec } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { organizationsOf } from './membership';
import { inviteExpiry, joinCounters, newInviteCode, normaliseInviteCode } from './inviteCode';
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
      body: closedBody(organizationJoinBody, 'join'),
      // Wrong codes are counted (per user and per IP, like sign-in) and the count must survive the refusal.
      transactional: false,
      async handler(ctx, input): Promise<OrganizationOption> {
        const p = ctx.user();
        const now = ctx.services.now();
        const counters = joinCounters(p.userId, ctx.ip);
        const window = ctx.config.throttle.windowSeconds;
        await assertCountersBelow(ctx.db, counters, now, window);
        const [org] = await ctx.db
          .select({ id: organizations.id, name: organizations.name, status: organizations.status, expiresAt: organizations.inviteExpiresAt })
          .from(organizations)
          .where(eq(organizations.inviteCode, normaliseInviteCode(input.code)))
          .limit(1);
        if (!org || org.status !== 1 || org.expiresAt.getTime() <= now.getTime()) {
          await countFailure(ctx.db, counters, now, window);
          throw new AppError(Code.NOT_FOUND, 'validation.inviteCodeUnknown', 'code');
        }
        return ctx.db.transaction(async (tx) => {
          const joined = await tx.insert(orgMembers).values({ orgId: org.id, userId: p.userId }).onConflictDoNothing().returning();
          if (joined.length === 0) throw new AppError(Code.CONFLICT, 'validation.alreadyMember', 'code');
          await clearCounter(tx, counters[0]!.key);
          // A member without roles sees the open menus only, until the organisation's administrators grant more.
          // A user with no organisation yet starts working in this one; others switch from the drawer when they like.
          if (p.orgId === null) {
            await tx.update(users).set({ currentOrgId: org.id, updatedAt: now }).where(eq(users.id, p.userId));
            await moveSessionsTo(tx, p.userId, org.id);
          }
          await ctx.audit(tx, { target: org.id, after: { joined: org.id } });
          return { id: org.id, name: org.name };
        });
      },
    }),
    form: method({
      access: 'user',
      body: closedBody(organizationCreateBody, 'form'),
      async handler(ctx, input): Promise<OrganizationOption> {
        const p = ctx.user();
        const [org] = await ctx.db
          .insert(organizations)
          .values({ name: input.name, inviteCode: newInviteCode(), inviteExpiresAt: inviteExpiry(ctx.services.now()), ownerId: p.userId })
          .returning({ id: organizations.id, name: organizations.name });
        if (!org) throw new Error('organisation insert returned nothing');
        await ctx.db.insert(orgMembers).values({ orgId: org.id, userId: p.userId });
        const roleId = await createOwnerRole(ctx.db, org.id, p.userId, ctx.lang);
        // The creator goes on to set the new organisation up, so it becomes the current one.
        await ctx.db.update(users).set({ currentOrgId: org.id, updatedAt: ctx.services.now() }).where(eq(users.id, p.userId));
        await moveSessionsTo(ctx.db, p.userId, org.id);
        await ctx.audit(ctx.db, { target: org.id, after: { id: org.id, name: org.name, ownerRoleId: roleId } });
        return org;
      },
    }),
    mine: method({
      access: 'user',
      body: noInput('mine'),
      readOnly: true,
      async handler(ctx): Promise<{ list: MyOrganization[] }> {
        const p = ctx.user();
        const rows = await organizationsOf(ctx.db, p.userId);
        const now = ctx.services.now();
        const list: MyOrganization[] = [];
        for (const o of rows) {
          const shown = o.ownerId === p.userId || p.isAdmin;
          // An expired code is replaced when its owner next looks, so there is always one to hand out.
          if (shown && o.inviteExpiresAt.getTime() <= now.getTime()) {
            o.inviteCode = newInviteCode();
            o.inviteExpiresAt = inviteExpiry(now);
            await ctx.db.update(organizations).set({ inviteCode: o.inviteCode, inviteExpiresAt: o.inviteExpiresAt })
              .where(eq(organizations.id, o.id));
            await ctx.audit(ctx.db, { action: `${ctx.path}#invite_code`, target: o.id, after: { invite_expires_at: o.inviteExpiresAt.toISOString() } });
          }
          list.push({
            id: o.id,
            name: o.name,
            current: o.id === p.orgId,
            ...(shown ? { invite_code: o.inviteCode, invite_expires_at: o.inviteExpiresAt.toISOString() } : {}),
          });
        }
        return { list };
      },
    }),
  },
};
