import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code, roleResource } from '@gx/contract';
import { authorityGroups, roleButtons, roleMenus, roles, userRoles } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import type { Input, WireRow } from '../../resources/types';
import { assertHolds } from '../../auth/holdings';
import { canGrantPlatform, grantableFor } from './grants';

/** Refuses grants of platform pages or buttons outside the platform organisation. */
async function assertGrantable(ctx: RequestContext, exec: Executor, field: 'menu_ids' | 'button_ids', ids: number[]): Promise<void> {
  const orgId = ctx.orgId();
  if (!ids.length || canGrantPlatform(orgId)) return;
  const g = await grantableFor(exec, orgId);
  const allowed = new Set((field === 'menu_ids' ? g.menus : g.buttons).map((r) => r.id));
  if (ids.some((id) => !allowed.has(id))) throw new AppError(Code.VALIDATION, 'validation.notGrantable', field);
}

async function idsOf(exec: Executor, table: typeof roleMenus | typeof roleButtons, roleIds: number[]): Promise<Map<number, unknown>> {
  const col = table === roleMenus ? roleMenus.menuId : roleButtons.buttonId;
  const rows = await exec.select({ roleId: table.roleId, id: col }).from(table).where(inArray(table.roleId, roleIds));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.roleId, [...(out.get(r.roleId) ?? []), r.id].sort((a, b) => a - b));
  return out;
}

/** A permission group named in the form adds its menus and buttons to what the form ticked (or the role held). */
async function mergeAuthorityGroup(exec: Executor, input: Input, before?: WireRow): Promise<void> {
  if (typeof input.authority_group_id !== 'number') return;
  const [g] = await exec.select().from(authorityGroups).where(eq(authorityGroups.id, input.authority_group_id));
  if (!g) return;
  for (const [field, extra] of [['menu_ids', g.menuIds], ['button_ids', g.buttonIds]] as const) {
    const current = (input[field] ?? before?.[field] ?? []) as number[];
    input[field] = [...new Set([...current, ...extra])];
  }
}

export const roleBinding = defineResource({
  decl: roleResource,
  table: roles,
  tenant: { kind: 'column', column: roles.orgId },
  columns: {
    user_count: sql<number>`(select count(*)::int from ${userRoles} ur where ur.role_id = ${qualified(roles.id)})`,
  },
  virtual: {
    menu_ids: {
      load: (exec, ids) => idsOf(exec, roleMenus, ids),
      holding: (menuId) => sql`${roles.id} in (select ${roleMenus.roleId} from ${roleMenus} where ${roleMenus.menuId} = ${menuId})`,
      async save(exec, id, value, ctx) {
        const ids = value as number[];
        await assertGrantable(ctx, exec, 'menu_ids', ids);
        await exec.delete(roleMenus).where(eq(roleMenus.roleId, id));
        if (ids.length) await exec.insert(roleMenus).values(ids.map((menuId) => ({ roleId: id, menuId })));
      },
    },
    button_ids: {
      load: (exec, ids) => idsOf(exec, roleButtons, ids),
      holding: (buttonId) => sql`${roles.id} in (select ${roleButtons.roleId} from ${roleButtons} where ${roleButtons.buttonId} = ${buttonId})`,
      async save(exec, id, value, ctx) {
        const ids = value as number[];
        await assertGrantable(ctx, exec, 'button_ids', ids);
        await exec.delete(roleButtons).where(eq(roleButtons.roleId, id));
        if (ids.length) await exec.insert(roleButtons).values(ids.map((buttonId) => ({ roleId: id, buttonId })));
      },
    },
  },
  hooks: {
    beforeAdd: (_ctx, exec, input) => mergeAuthorityGroup(exec, input),
    beforeUpdate: (_ctx, exec, _id, input, _values, before) => mergeAuthorityGroup(exec, input, before),
    /** Enabling a role hands its grants back to its holders: only someone holding all of them may. */
    async guard(ctx, exec, id, operation) {
      if (operation === 'enable') await assertHolds(exec, ctx.user(), 'roles', [id], 'id');
    },
    async beforeRemove(ctx, exec, id) {
      await exec.delete(userRoles).where(and(eq(userRoles.roleId, id), eq(userRoles.orgId, ctx.orgId())));
    },
  },
});
