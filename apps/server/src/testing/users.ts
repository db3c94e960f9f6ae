import { organizations, orgMembers, users } from '../db/schema';
import { hashPlainPassword } from '../auth/password';
import type { TestApp } from './testApp';

/** An ordinary user (id ≥ 4) who belongs to an organisation but holds no role, so it has no permission keys. */
export async function createPlainUser(t: TestApp, username: string, password: string, orgId?: number): Promise<number> {
  let org = orgId;
  if (org === undefined) {
    const [o] = await t.database.db.insert(organizations).values({ name: `${username} org`, inviteCode: `INV${username.toUpperCase()}` }).returning({ id: organizations.id });
    org = o?.id ?? 1;
  }
  const [u] = await t.database.db
    .insert(users)
    .values({ username, nickname: username, passwordHash: await hashPlainPassword(password), currentOrgId: org })
    .returning({ id: users.id });
  if (!u) throw new Error('user insert failed');
  await t.database.db.insert(orgMembers).values({ orgId: org, userId: u.id });
  return u.id;
}
