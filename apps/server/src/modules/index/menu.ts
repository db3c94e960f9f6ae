import { and, eq } from 'drizzle-orm';
import { Api, type MenuNode } from '@gx/contract';
import { menus, roleMenus, roles, userRoles } from '../../db/schema';
import { method, noInput, type EndpointSpec } from '../../http/endpoint';
import type { Executor } from '../../db/client';
import type { Principal } from '../../http/context';
import { buildMenuTree, withAncestors } from './menuTree';

/** Exactly the menus the caller may see: all for platform administrators, else open menus plus role grants. */
export async function visibleMenus(exec: Executor, p: Principal): Promise<MenuNode[]> {
  const all = await exec.select().from(menus);
  if (p.isAdmin) return buildMenuTree(all);
  const granted = new Set(all.filter((m) => m.open).map((m) => m.id));
  if (p.orgId !== null) {
    const rows = await exec
      .selectDistinct({ id: roleMenus.menuId })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
      .innerJoin(roleMenus, eq(roleMenus.roleId, userRoles.roleId))
      .where(and(eq(userRoles.userId, p.userId), eq(userRoles.orgId, p.orgId)));
    for (const r of rows) granted.add(r.id);
  }
  return buildMenuTree(withAncestors(all, granted));
}

export const menuEndpoint: EndpointSpec = {
  path: Api.index.menu,
  methods: {
    default: method({
      access: 'user',
      body: noInput(),
      readOnly: true,
      handler: (ctx) => visibleMenus(ctx.db, ctx.user()),
    }),
  },
};
