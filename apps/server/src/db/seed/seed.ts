import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
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

/** The menu tree depth first, as the sidebar lists it; `sort` numbers siblings 10, 20, … */
function flatten(list: MenuEntry[], parent: string | null): { m: MenuEntry; parent: string | null; sort: number }[] {
  return list.flatMap((m, i) => [{ m, parent, sort: (i + 1) * 10 }, ...flatten(m.children ?? [], m.name)]);
}

/**
 * Adds the menus not there yet, matched by name (an existing one is left as an administrator may have arranged it).
 * At most three statements for the whole tree, not two a menu: this runs on every start, and on the embedded
 * database ~150 menus one by one took about half a second of CPU. The names present are read first and only the
 * missing rows are sent, so a start with nothing new sends no insert (an insert of every menu, each then skipped as a
 * conflict, was 30–100 ms of a start). The rows go in depth first, so a fresh installation numbers them as the sidebar
 * lists them; a new menu then gets its parent by name.
 */
async function seedMenus(exec: Executor, list: MenuEntry[]): Promise<void> {
  const present = new Set((await exec.select({ name: menus.name }).from(menus)).map((r) => r.name));
  const all = flatten(list, null);
  const missing = all.filter(({ m }) => !present.has(m.name));
  if (!missing.length) return;
  const added = await exec
    .insert(menus)
    .values(missing.map(({ m, sort }) => ({
      parentId: null, path: m.path, name: m.name, title: m.title, icon: m.icon ?? '', component: m.component ?? '',
      hidden: m.hidden ?? false, redirect: m.redirect ?? '', noCache: m.noCache ?? false, affix: m.affix ?? false,
      external: m.external ?? false, open: m.open ?? false, sort,
    })))
    .onConflictDoNothing({ target: menus.name })
    .returning({ name: menus.name });
  const addedNames = new Set(added.map((r) => r.name));
  const children = all.filter((e) => e.parent !== null && addedNames.has(e.m.name));
  if (!children.length) return;
  const pairs = sql.join(children.map((e) => sql`(${e.m.name}, ${e.parent})`), sql`, `);
  await exec.execute(sql`update ${menus} set parent_id = p.id
    from (values ${pairs}) as v(child, parent) join ${menus} p on p.name = v.parent
    where ${menus.name} = v.child`);
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
    await seedMenus(exec, menuTree(manifests));
    // Declaring a permission key on an endpoint is all it takes for roles to be able to grant it. Only the keys not
    // there yet are sent (~750 keys, each skipped as a conflict, were 50–150 ms of every start).
    const known = new Set((await exec.select({ key: buttons.key }).from(buttons)).map((r) => r.key));
    const newKeys = keys.filter((key) => !known.has(key));
    if (newKeys.length) await exec.insert(buttons).values(newKeys.map((key) => ({ key, title: `perm.${key}` }))).onConflictDoNothing({ target: buttons.key });
    await linkButtonsToMenus(exec, manifests);
    return result;
  });
}
