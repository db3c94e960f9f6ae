import { and, eq, inArray } from 'drizzle-orm';
import { Code, type GrantKind } from '@gx/contract';
import type { Executor } from '../db/client';
import { authorityGroups, menus, organizations, roleButtons, roleMenus, roles, userRoles } from '../db/schema';
import type { Principal } from '../http/context';
import { AppError } from '../http/errors';

/**
 * What a caller holds, for grant-like operations (creating or updating a role or a permission group, assigning roles,
 * handing a leaver's roles over): nobody grants a button or a menu they do not hold themselves. Platform
 * administrators and the owner of the current organisation hold everything of their scope; which buttons and menus
 * an organisation may grant at all (no platform pages outside the platform organisation) is checked separately.
 */
export interface Holdings {
  all: boolean;
  buttonIds: Set<number>;
  menuIds: Set<number>;
}

export async function isOrganizationOwner(exec: Executor, userId: number, orgId: number): Promise<boolean> {
  const [org] = await exec.select({ ownerId: organizations.ownerId }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
  return org?.ownerId === userId;
}

/** Buttons and menus of the user's enabled roles in the organisation, plus the menus every user sees. */
async function heldThroughRoles(exec: Executor, userId: number, orgId: number): Promise<Holdings> {
  const mine = and(eq(userRoles.userId, userId), eq(userRoles.orgId, orgId));
  const btn = await exec.selectDistinct({ id: roleButtons.buttonId }).from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .innerJoin(roleButtons, eq(roleButtons.roleId, userRoles.roleId))
    .where(mine);
  const mnu = await exec.selectDistinct({ id: roleMenus.menuId }).from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .innerJoin(roleMenus, eq(roleMenus.roleId, userRoles.roleId))
    .where(mine);
  const open = await exec.select({ id: menus.id }).from(menus).where(eq(menus.open, true));
  return { all: false, buttonIds: new Set(btn.map((r) => r.id)), menuIds: new Set([...mnu, ...open].map((r) => r.id)) };
}

export async function holdingsOf(exec: Executor, p: Principal): Promise<Holdings> {
  if (p.isAdmin) return { all: true, buttonIds: new Set(), menuIds: new Set() };
  if (p.orgId === null) return { all: false, buttonIds: new Set(), menuIds: new Set() };
  if (await isOrganizationOwner(exec, p.userId, p.orgId)) return { all: true, buttonIds: new Set(), menuIds: new Set() };
  return heldThroughRoles(exec, p.userId, p.orgId);
}

/** Buttons and menus of these roles (enabled or not: a disabled role may be enabled later). */
async function grantedByRoles(exec: Executor, roleIds: number[]): Promise<{ buttonIds: number[]; menuIds: number[] }> {
  if (!roleIds.length) return { buttonIds: [], menuIds: [] };
  const btn = await exec.selectDistinct({ id: roleButtons.buttonId }).from(roleButtons).where(inArray(roleButtons.roleId, roleIds));
  const mnu = await exec.selectDistinct({ id: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, roleIds));
  return { buttonIds: btn.map((r) => r.id), menuIds: mnu.map((r) => r.id) };
}

/** Buttons and menus of these permission groups: what naming them on a role copies into it. */
export async function grantedByGroups(exec: Executor, groupIds: number[]): Promise<{ buttonIds: number[]; menuIds: number[] }> {
  if (!groupIds.length) return { buttonIds: [], menuIds: [] };
  const rows = await exec.select({ menuIds: authorityGroups.menuIds, buttonIds: authorityGroups.buttonIds }).from(authorityGroups)
    .where(inArray(authorityGroups.id, groupIds));
  return { buttonIds: [...new Set(rows.flatMap((r) => r.buttonIds))], menuIds: [...new Set(rows.flatMap((r) => r.menuIds))] };
}

/**
 * Whether the caller holds every id of this kind; `roles` and `groups` mean every button and menu those roles or
 * permission groups grant.
 */
export async function holdsAll(exec: Executor, h: Holdings, kind: GrantKind, ids: number[]): Promise<boolean> {
  if (h.all || !ids.length) return true;
  if (kind === 'buttons') return ids.every((id) => h.buttonIds.has(id));
  if (kind === 'menus') return ids.every((id) => h.menuIds.has(id));
  const g = kind === 'roles' ? await grantedByRoles(exec, ids) : await grantedByGroups(exec, ids);
  return g.buttonIds.every((id) => h.buttonIds.has(id)) && g.menuIds.every((id) => h.menuIds.has(id));
}

/** Refuses (1003 naming the field) a grant of anything the caller does not hold. */
export async function assertHolds(exec: Executor, p: Principal, kind: GrantKind, ids: number[], field: string): Promise<void> {
  if (!ids.length || p.isAdmin) return;
  if (!(await holdsAll(exec, await holdingsOf(exec, p), kind, ids))) {
    throw new AppError(Code.FORBIDDEN, 'validation.grantBeyondOwn', field);
  }
}

/**
 * Refuses (1003 naming the field) acting on a user in a way that makes it a principal holding more than the caller
 * (enabling its account) or letting the caller sign in as it (a takeover): the user must not be the organisation's owner, who holds everything, unless the caller
 * holds everything too, and its roles there must grant nothing the caller lacks.
 */
export async function assertHoldsUser(
  exec: Executor, p: Principal, userId: number, orgId: number, field: string, message = 'validation.grantBeyondOwn',
): Promise<void> {
  if (p.isAdmin) return;
  const h = await holdingsOf(exec, p);
  if (h.all) return;
  if (await isOrganizationOwner(exec, userId, orgId) || !(await holdsAll(exec, h, 'roles', await roleIdsHeldBy(exec, userId, orgId)))) {
    throw new AppError(Code.FORBIDDEN, message, field);
  }
}

/** Roles the user holds in the organisation (enabled or not). */
export async function roleIdsHeldBy(exec: Executor, userId: number, orgId: number): Promise<number[]> {
  const rows = await exec.select({ id: userRoles.roleId }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.orgId, orgId)));
  return rows.map((r) => r.id);
}
