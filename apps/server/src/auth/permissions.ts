import { and, eq } from 'drizzle-orm';
import { isPlatformKey } from '@gx/contract';
import type { Executor } from '../db/client';
import { buttons, roleButtons, roles, userRoles } from '../db/schema';
import type { Principal } from '../http/context';
import { isPlatformOperator } from '../resources/scope';

/**
 * Button/permission keys the user holds through its roles in its current organisation; outside the platform
 * organisation never a platform key (a role granted one before it became the platform's keeps it, unused).
 */
export async function permissionKeysOf(exec: Executor, p: Principal): Promise<string[]> {
  const keys = await heldKeys(exec, p);
  return isPlatformOperator(p) ? keys : keys.filter((k) => !isPlatformKey(k));
}

async function heldKeys(exec: Executor, p: Principal): Promise<string[]> {
  if (p.permissionKeys) return [...p.permissionKeys];
  if (p.isAdmin) {
    const all = await exec.select({ key: buttons.key }).from(buttons);
    return all.map((r) => r.key);
  }
  if (p.orgId === null) return [];
  const rows = await exec
    .selectDistinct({ key: buttons.key })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .innerJoin(roleButtons, eq(roleButtons.roleId, userRoles.roleId))
    .innerJoin(buttons, eq(buttons.id, roleButtons.buttonId))
    .where(and(eq(userRoles.userId, p.userId), eq(userRoles.orgId, p.orgId)));
  return rows.map((r) => r.key);
}

/** Role ids the user holds in its current organisation. */
export async function roleIdsOf(exec: Executor, p: Principal): Promise<number[]> {
  if (p.orgId === null) return [];
  const rows = await exec
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .where(and(eq(userRoles.userId, p.userId), eq(userRoles.orgId, p.orgId)));
  return rows.map((r) => r.id);
}

/**
 * Whether the user may call a method guarded by `key`. A platform key (a platform-wide resource's, a `platform`
 * action's, a `platformOperations` operation's) counts only within the platform organisation, whatever a tenant's
 * roles hold: such a call is refused (1003) before its body is read, as the resource's scope would refuse it after
 * (an import without a file, a provisioning export).
 */
export async function hasPermission(exec: Executor, p: Principal, key: string): Promise<boolean> {
  if (p.isAdmin) return true;
  if (!isPlatformOperator(p) && isPlatformKey(key)) return false;
  if (p.permissionKeys) return p.permissionKeys.has(key);
  const keys = await heldKeys(exec, p);
  return keys.includes(key);
}

