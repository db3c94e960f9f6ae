import { eq, inArray } from 'drizzle-orm';
import { Api, Code, type Theme, type UserInfo } from '@gx/contract';
import { organizations, roles, users } from '../../db/schema';
import { previousSignIn } from '../../auth/previousSignIn';
import { method, noInput, type EndpointSpec } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { permissionKeysOf, roleIdsOf } from '../../auth/permissions';

export const infoEndpoint: EndpointSpec = {
  path: Api.index.info,
  methods: {
    default: method({
      access: 'user',
      body: noInput(),
      readOnly: true,
      async handler(ctx): Promise<UserInfo> {
        const p = ctx.user();
        const [u] = await ctx.db.select().from(users).where(eq(users.id, p.userId)).limit(1);
        if (!u) throw new AppError(Code.NOT_LOGGED_IN);
        const [org] = u.currentOrgId === null
          ? []
          : await ctx.db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(eq(organizations.id, u.currentOrgId));
        const roleIds = await roleIdsOf(ctx.db, p);
        const roleRows = roleIds.length
          ? await ctx.db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, roleIds))
          : [];
        const previous = await previousSignIn(ctx.db, u.id, p.sessionId);
        return {
          id: u.id,
          username: u.username,
          name: u.nickname || u.username,
          avatar: u.photo,
          roles: roleRows,
          btnlist: await permissionKeysOf(ctx.db, p),
          isAdmin: p.isAdmin,
          theme: (u.theme === 'dark' ? 'dark' : 'light') satisfies Theme,
          org: org ?? null,
          lastLoginAt: previous?.at.toISOString() ?? null,
          lastLoginIp: previous ? previous.ip || null : null,
        };
      },
    }),
  },
};
