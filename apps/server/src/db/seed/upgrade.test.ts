import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { openDatabase } from '../client';
import { runMigrations } from '../migrate';
import { buttons, menus, organizations, roleButtons, roleMenus, roles, userRoles, users, orgMembers } from '../schema';
import { seed } from './seed';
import { seedInputOf } from '../../http/area';
import { productAreas } from '../../modules/areas';
import { bothEngines } from '../../testing/testApp';
import { journalPrefix, MAIN_ENTRIES } from '../../testing/journalPrefix';
import { grantableFor, grantTree } from '../../modules/system/grants';
import { mainButtonMenus, menuSeed as mainMenus, type MenuSeed } from './legacy/mainMenuSeed';

/** Writes the menus and button links exactly as main's seed did, before areas had manifests. */
async function seedLikeMain(exec: Executor, list: MenuSeed[], parentId: number | null): Promise<void> {
  let sort = 0;
  for (const m of list) {
    sort += 10;
    await exec.insert(menus).values({
      parentId, path: m.path, name: m.name, title: m.title, icon: m.icon ?? '', component: m.component ?? '', hidden: m.hidden ?? false,
      redirect: m.redirect ?? '', noCache: m.noCache ?? false, affix: m.affix ?? false, external: m.external ?? false, open: m.open ?? false, sort,
    }).onConflictDoNothing({ target: menus.name });
    const [row] = await exec.select({ id: menus.id }).from(menus).where(eq(menus.name, m.name));
    if (row && m.children) await seedLikeMain(exec, m.children, row.id);
  }
}

/**
 * Point 3 of issue 9: a database created by main before the area manifests — its menus, buttons, a tenant's role
 * granting some of them, a user holding that role — upgrades in place on the next start: every menu keeps its id
 * (so its grants), nothing is duplicated, the new pages appear, and buttons main left under "Other buttons" move to
 * their page.
 */
describe.each(bothEngines)('upgrading a database created by main (%s)', (engine) => {
  let database: Database;
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  let before: Map<string, number>;
  let roleId: number;
  let granted: { menus: number[]; buttons: number[] };

  // Every migration from an empty database, then main's seed: it grows with each migration (past 60 s on PGlite at a
  // load of 20 on two cores); it ends when the last statement does, the bound only catches a hang.
  beforeAll(async () => {
    database = engine === 'postgres'
      ? await openDatabase({ url: process.env.TEST_DATABASE_URL, pgSchema, poolSize: 2 })
      : await openDatabase({ dataDir: 'memory://' });
    await runMigrations(database);
    const { keys } = seedInputOf(productAreas);
    // Main's start: organisation, administrator and buttons as today, then main's own menus and links.
    await seed(database, 'Admin@123456', { manifests: [], keys });
    const exec = database.db as unknown as Executor;
    await seedLikeMain(exec, mainMenus, null);
    for (const [resource, menu] of Object.entries(mainButtonMenus)) {
      await exec.update(buttons)
        .set({ menuId: sql`(select ${menus.id} from ${menus} where ${menus.name} = ${menu})` })
        .where(and(isNull(buttons.menuId), like(buttons.key, `${resource.replace(/_/g, '\\_')}.%`)));
    }
    before = new Map((await exec.select().from(menus)).map((m) => [m.name, m.id]));

    // A tenant working on it: a role granting a page of each kind and a button main showed under "Other buttons".
    const [org] = await exec.insert(organizations).values({ name: 'Tenant', inviteCode: 'UPGRADE0001' }).returning();
    const [user] = await exec.insert(users).values({ username: 'clerk', nickname: 'Clerk', passwordHash: 'scrypt$x', currentOrgId: org!.id }).returning();
    await exec.insert(orgMembers).values({ orgId: org!.id, userId: user!.id });
    const [role] = await exec.insert(roles).values({ orgId: org!.id, name: 'Clerks' }).returning();
    roleId = role!.id;
    const grantedMenus = ['system', 'system-user', 'portal', 'portal-sms', 'oa-suggestion'].map((n) => before.get(n)!);
    const grantedButtons = (await exec.select().from(buttons).where(inArray(buttons.key, ['system.user.list', 'portal.sms.list', 'oa.suggestion.handle']))).map((b) => b.id);
    expect(grantedButtons).toHaveLength(3);
    await exec.insert(roleMenus).values(grantedMenus.map((menuId) => ({ roleId, menuId })));
    await exec.insert(roleButtons).values(grantedButtons.map((buttonId) => ({ roleId, buttonId })));
    await exec.insert(userRoles).values({ userId: user!.id, orgId: org!.id, roleId });
    granted = { menus: grantedMenus.sort(), buttons: grantedButtons.sort() };
    // Main left these buttons on no page: the role editor showed them under "Other buttons".
    const [orphans] = await exec.select({ n: sql<number>`count(*)::int` }).from(buttons).where(isNull(buttons.menuId));
    expect(orphans!.n).toBeGreaterThan(0);

    // The upgrade: the next start seeds from the area manifests.
    await seed(database, undefined, seedInputOf(productAreas));
  }, 300_000);
  afterAll(async () => {
    if (engine === 'postgres') await database.db.execute(sql.raw(`drop schema if exists "${pgSchema}" cascade`));
    await database.close();
  });

  it('keeps every menu of main under its id, once', async () => {
    const rows = await database.db.select().from(menus);
    const after = new Map(rows.map((m) => [m.name, m.id]));
    expect(rows).toHaveLength(after.size);
    for (const [name, id] of before) expect(after.get(name), name).toBe(id);
    expect(after.has('notification-content')).toBe(true);
  });

  it("keeps the tenant's role, its grants and its holder", async () => {
    const ms = (await database.db.select().from(roleMenus).where(eq(roleMenus.roleId, roleId))).map((r) => r.menuId).sort();
    const bs = (await database.db.select().from(roleButtons).where(eq(roleButtons.roleId, roleId))).map((r) => r.buttonId).sort();
    expect(ms).toEqual(granted.menus);
    expect(bs).toEqual(granted.buttons);
    expect(await database.db.select().from(userRoles).where(eq(userRoles.roleId, roleId))).toHaveLength(1);
  });

  it('files every built-in button under its page: the grant tree has no "other" group left', async () => {
    const exec = database.db as unknown as Executor;
    expect(grantTree(await grantableFor(exec, 1)).other).toEqual([]);
    const [sms] = await database.db.select().from(buttons).where(eq(buttons.key, 'portal.sms.list'));
    expect(sms!.menuId).toBe(before.get('portal-sms'));
  });
});

/**
 * Migration 0003 (issue 8, point 8): an order's payment comes from the platform, so `system.order.pay` leaves every
 * existing tenant role, owner roles included; the platform organisation's roles and every other key stay.
 */
describe.each(bothEngines)('migration 0003 on a database of 0002 (%s)', (engine) => {
  let database: Database;
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  let earlier: string;

  // Every migration from an empty database, then main's seed: it grows with each migration (past 60 s on PGlite at a
  // load of 20 on two cores); it ends when the last statement does, the bound only catches a hang.
  beforeAll(async () => {
    database = engine === 'postgres'
      ? await openDatabase({ url: process.env.TEST_DATABASE_URL, pgSchema, poolSize: 2 })
      : await openDatabase({ dataDir: 'memory://' });
    // The migrations folder as it stood at 0002: its first three files and their journal entries.
    const prefix = journalPrefix(MAIN_ENTRIES);
    earlier = prefix.folder;
    expect(prefix.tags).toEqual(['0000_init', '0001_shell', '0002_system']);
    await runMigrations(database, earlier);
  });
  afterAll(async () => {
    if (engine === 'postgres') await database.db.execute(sql.raw(`drop schema if exists "${pgSchema}" cascade`));
    await database.close();
    await rm(earlier, { recursive: true, force: true });
  });

  it('takes system.order.pay from every tenant role and leaves the platform\'s roles and other keys alone', async () => {
    const db = database.db;
    // Raw SQL: the tables as 0002 left them, not as the schema describes them today.
    await db.execute(sql`insert into organizations (id, name, invite_code) values (1, 'Platform', 'AAAAAAAAAAAA'), (2, 'Tenant', 'BBBBBBBBBBBB')`);
    await db.execute(sql`insert into buttons (id, key, title) values (1, 'system.order.pay', 'pay'), (2, 'system.order.list', 'list')`);
    await db.execute(sql`insert into roles (id, org_id, name) values (1, 1, 'Platform staff'), (2, 2, 'Owner'), (3, 2, 'Clerk')`);
    await db.execute(sql`insert into role_buttons (role_id, button_id) values (1, 1), (1, 2), (2, 1), (2, 2), (3, 1)`);

    await runMigrations(database);

    const rows = (await db.select().from(roleButtons)).map((r) => `${r.roleId}:${r.buttonId}`).sort();
    expect(rows).toEqual(['1:1', '1:2', '2:2']);
  });
});
