import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { buttons, domainConfigs, menus, organizations, orgMembers, users } from '../schema';
import { hashPlainPassword } from '../../auth/password';
import { menuTree, type MenuEntry } from '@gx/contract';
import { linkButtonsToMenus } from '../../resources/buttonMenus';
import { inviteExpiry, newInviteCode } from '../../modules/organization/inviteCode';
import type { SeedInput } from '../../http/area';

export interface SeedResult {
  /** Set only when this start created the administrator with a generated password. */
  generatedAdminPassword?: string;
  createdAdmin: boolean;
}

function generatePassword(): string {
  // Letters and digits both present, so it satisfies the product's own password rule.
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${body}A7`;
}

async function seedMenus(exec: Executor, list: MenuEntry[], parentId: number | null): Promise<void> {
  let sort = 0;
  for (const m of list) {
    sort += 10;
    await exec
      .insert(menus)
      .values({
        parentId, path: m.path, name: m.name, title: m.title, icon: m.icon ?? '', component: m.component ?? '',
        hidden: m.hidden ?? false, redirect: m.redirect ?? '', noCache: m.noCache ?? false, affix: m.affix ?? false,
        external: m.external ?? false, open: m.open ?? false, sort,
      })
      .onConflictDoNothing({ target: menus.name });
    const [row] = await exec.select({ id: menus.id }).from(menus).where(eq(menus.name, m.name));
    if (row && m.children) await seedMenus(exec, m.children, row.id);
  }
}

/**
 * What a new installation needs, idempotent on every start: the platform organisation, the administrator
 * (user id 1, DESIGN §3), the default brand, and the menus and permission keys of the areas the caller serves.
 * Menus are matched by name, so a page keeps its identity and its role grants across starts and upgrades.
 */
export async function seed(database: Database, adminPassword: string | undefined, input: SeedInput): Promise<SeedResult> {
  const { manifests, keys } = input;
  return database.db.transaction(async (tx) => {
    const exec = tx as unknown as Executor;
    // Instances starting together seed one after the other, never both.
    if (database.kind === 'postgres') await exec.execute(sql`select pg_advisory_xact_lock(727002)`);
    const result: SeedResult = { createdAdmin: false };
    const [orgCount] = await exec.select({ n: count() }).from(organizations);
    if (!orgCount?.n) {
      await exec.insert(organizations).values({ id: 1, name: 'Platform', inviteCode: newInviteCode(), inviteExpiresAt: inviteExpiry(new Date()) });
      await exec.execute(sql`select setval(pg_get_serial_sequence('organizations', 'id'), (select max(id) from organizations))`);
    }
    const [userCount] = await exec.select({ n: count() }).from(users);
    if (!userCount?.n) {
      const plain = adminPassword ?? generatePassword();
      await exec.insert(users).values({
        id: 1, username: 'admin', nickname: 'Administrator', passwordHash: await hashPlainPassword(plain), currentOrgId: 1,
      });
      await exec.insert(orgMembers).values({ orgId: 1, userId: 1 }).onConflictDoNothing();
      // Ids 1-3 are platform administrators (SPEC §6): ordinary accounts start at 4 so none becomes one by accident.
      await exec.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), 3)`);
      result.createdAdmin = true;
      if (!adminPassword) result.generatedAdminPassword = plain;
    }
    await exec.insert(domainConfigs).values({ domain: '', orgId: 1, domainOem: 0 }).onConflictDoNothing();
    await seedMenus(exec, menuTree(manifests), null);
    // Declaring a permission key on an endpoint is all it takes for roles to be able to grant it.
    if (keys.length) await exec.insert(buttons).values(keys.map((key) => ({ key, title: `perm.${key}` }))).onConflictDoNothing({ target: buttons.key });
    await linkButtonsToMenus(exec, manifests);
    return result;
  });
}
