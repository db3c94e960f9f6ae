import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { buttons, organizations, orgMembers, roleButtons, roles, userRoles, users } from '../../db/schema';
import { hashPlainPassword } from '../../auth/password';
import { newInviteCode } from '../../modules/organization/inviteCode';
import type { TestApp } from '../../testing/testApp';

/** Test set-up written straight to the database, so a test about one endpoint does not depend on others. */

export const USER_PASSWORD = 'Passw0rd!';
// scrypt is slow on purpose; every fixture user shares one hash.
let passwordHash: Promise<string> | undefined;

export async function makeOrg(t: TestApp, name = `Org ${randomBytes(3).toString('hex')}`): Promise<number> {
  const [row] = await t.database.db.insert(organizations).values({ name, inviteCode: newInviteCode() }).returning({ id: organizations.id });
  return row!.id;
}

export interface MadeUser {
  id: number;
  username: string;
  token: string;
}

/**
 * A member of `orgId` (its current organisation) holding a role with exactly these permission keys
 * (`'all'`: every button there is), signed in.
 */
export async function makeUser(
  t: TestApp, orgId: number, keys: string[] | 'all' = [], username = `u${randomBytes(4).toString('hex')}`, signIn = true,
): Promise<MadeUser> {
  const db = t.database.db;
  passwordHash ??= hashPlainPassword(USER_PASSWORD);
  const [u] = await db.insert(users).values({ username, passwordHash: await passwordHash, currentOrgId: orgId }).returning({ id: users.id });
  const id = u!.id;
  await db.insert(orgMembers).values({ orgId, userId: id });
  const wanted = keys === 'all' ? await db.select({ id: buttons.id }).from(buttons)
    : keys.length ? await db.select({ id: buttons.id }).from(buttons).where(inArray(buttons.key, keys)) : [];
  if (keys !== 'all' && wanted.length !== keys.length) throw new Error(`unknown permission keys among ${keys.join(', ')}`);
  if (wanted.length) {
    const [role] = await db.insert(roles).values({ orgId, name: `role of ${username}` }).returning({ id: roles.id });
    await db.insert(roleButtons).values(wanted.map((b) => ({ roleId: role!.id, buttonId: b.id })));
    await db.insert(userRoles).values({ userId: id, orgId, roleId: role!.id });
  }
  return { id, username, token: signIn ? await t.login(username, USER_PASSWORD) : '' };
}

/** Moves a user (e.g. the administrator) into another organisation, as switching in the shell would. */
export async function switchOrg(t: TestApp, userId: number, orgId: number): Promise<void> {
  await t.database.db.insert(orgMembers).values({ orgId, userId }).onConflictDoNothing();
  await t.database.db.update(users).set({ currentOrgId: orgId }).where(eq(users.id, userId));
}
