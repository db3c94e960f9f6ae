import type { Lang } from '@gx/contract';
import type { Executor } from '../../db/client';
import { roleButtons, roleMenus, roles, userRoles } from '../../db/schema';
import { grantableFor } from '../system/grants';

const OWNER_ROLE_NAME: Record<Lang, string> = { zh_CN: '组织所有者', en: 'Organisation owner' };

/**
 * The role a new organisation's creator receives: everything a role of that organisation may hold (the same rule
 * the role editor applies, so platform-wide pages and buttons stay with the platform), making the creator able to
 * run the organisation — add people, grant roles, configure its services — from the first minute.
 */
export async function createOwnerRole(exec: Executor, orgId: number, ownerId: number, lang: Lang): Promise<number> {
  const [role] = await exec
    .insert(roles)
    .values({ orgId, name: OWNER_ROLE_NAME[lang], remark: 'owner' })
    .returning({ id: roles.id });
  if (!role) throw new Error('role insert returned nothing');
  const grantable = await grantableFor(exec, orgId);
  if (grantable.menus.length) await exec.insert(roleMenus).values(grantable.menus.map((m) => ({ roleId: role.id, menuId: m.id })));
  if (grantable.buttons.length) await exec.insert(roleButtons).values(grantable.buttons.map((b) => ({ roleId: role.id, buttonId: b.id })));
  await exec.insert(userRoles).values({ userId: ownerId, orgId, roleId: role.id });
  return role.id;
}
