import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { runMigrations } from '../migrate';
import {
  buttons, menus, notificationTargets, notifications, organizations, orgMembers, roleButtons, roleMenus, roles, smsTemplates,
  suggestions, userRoles, users,
} from '../schema';
import { alarmRules } from '../../modules/equipment/alarmTables';
import { seed } from './seed';
import { seedInputOf } from '../../http/area';
import { productAreas } from '../../modules/areas';
import { bothEngines } from '../../testing/testApp';
import { MAIN_ENTRIES } from '../../testing/journalPrefix';
import { journalDatabase } from '../../testing/journalDatabase';

/**
 * Issue 9 point 3: a database made by main's migrations alone (0000–0002) and holding a tenant's data — users, a role
 * with grants, an organisation, notifications with their recipients, SMS templates, suggestions — migrates through
 * the rest of the journal and starts (seed) with every row where the new layout reads it. Written in main's own
 * columns with plain SQL, since today's drizzle schema names columns main did not have.
 */
describe.each(bothEngines)('upgrading a database of main with data in it (%s)', (engine) => {
  let database: Database;
  let close: () => Promise<void>;
  const ids = { org: 0, clerk: 0, role: 0, menu: 0, button: 0, notification: 0, template: 0, suggestion: 0 };

  beforeAll(async () => {
    const old = await journalDatabase(engine, MAIN_ENTRIES);
    ({ database, close } = old);
    const one = old.one.bind(old);
    // What main's first start and a tenant's work left: the platform and its administrator, a tenant organisation
    // with a clerk holding a role that grants a page and one of its buttons, and the shell's data.
    await database.db.execute(sql`insert into organizations (id, name, invite_code) values (1, 'Platform', 'PLATFORM0001')`);
    await database.db.execute(sql`insert into users (id, username, nickname, password_hash, current_org_id) values (1, 'admin', 'Administrator', 'scrypt$x', 1)`);
    await database.db.execute(sql`select setval(pg_get_serial_sequence('organizations', 'id'), 1)`);
    await database.db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), 3)`);
    ids.org = (await one<{ id: number }>(sql`insert into organizations (name, invite_code) values ('Tenant', 'UPGRADEDATA1') returning id`)).id;
    ids.clerk = (await one<{ id: number }>(sql`insert into users (username, nickname, password_hash, current_org_id) values ('clerk', 'Clerk', 'scrypt$y', ${ids.org}) returning id`)).id;
    await database.db.execute(sql`insert into org_members (org_id, user_id) values (${ids.org}, ${ids.clerk})`);
    const section = (await one<{ id: number }>(sql`insert into menus (path, name, title, component) values ('/system', 'system', 'route.system', 'layout') returning id`)).id;
    ids.menu = (await one<{ id: number }>(sql`insert into menus (parent_id, path, name, title, component) values (${section}, 'user', 'system-user', 'route.system.user', 'system/user') returning id`)).id;
    ids.button = (await one<{ id: number }>(sql`insert into buttons (key, title, menu_id) values ('system.user.list', 'perm.system.user.list', ${ids.menu}) returning id`)).id;
    ids.role = (await one<{ id: number }>(sql`insert into roles (org_id, name) values (${ids.org}, 'Clerks') returning id`)).id;
    await database.db.execute(sql`insert into role_menus (role_id, menu_id) values (${ids.role}, ${section}), (${ids.role}, ${ids.menu})`);
    await database.db.execute(sql`insert into role_buttons (role_id, button_id) values (${ids.role}, ${ids.button})`);
    await database.db.execute(sql`insert into user_roles (user_id, org_id, role_id) values (${ids.clerk}, ${ids.org}, ${ids.role})`);
    ids.notification = (await one<{ id: number }>(sql`insert into notifications (org_id, kind, title, content, audience, status, published_at, created_by)
      values (${ids.org}, 'inform', 'Gateway offline', '<p>GW-1</p>', 'users', 1, now(), 1) returning id`)).id;
    await database.db.execute(sql`insert into notification_targets (notification_id, target_type, target_id) values (${ids.notification}, 'user', ${ids.clerk})`);
    ids.template = (await one<{ id: number }>(sql`insert into sms_templates (org_id, name, content, sign, template_code) values (${ids.org}, 'Verification', 'Your code is {code}', 'GX', 'SMS_001') returning id`)).id;
    ids.suggestion = (await one<{ id: number }>(sql`insert into suggestions (org_id, user_id, content) values (${ids.org}, ${ids.clerk}, 'The map is slow') returning id`)).id;

    // The upgrade: the new release's start runs the rest of the journal, then seeds from the area manifests.
    await runMigrations(database);
    await seed(database, undefined, seedInputOf(productAreas));
    // The whole journal from nothing, on a busy machine: longer than a hook's default minute on PGlite.
  }, 180_000);
  afterAll(async () => close());

  it('keeps the organisation, its members and the users, and gives the old organisation what new ones get', async () => {
    const [org] = await database.db.select().from(organizations).where(eq(organizations.id, ids.org));
    expect(org).toMatchObject({ name: 'Tenant', inviteCode: 'UPGRADEDATA1' });
    // Added by 0003: codes issued before it keep working for a while.
    expect(org?.inviteExpiresAt).toBeInstanceOf(Date);
    const [clerk] = await database.db.select().from(users).where(eq(users.id, ids.clerk));
    expect(clerk).toMatchObject({ username: 'clerk', nickname: 'Clerk', passwordHash: 'scrypt$y', currentOrgId: ids.org });
    expect(await database.db.select().from(orgMembers).where(eq(orgMembers.orgId, ids.org))).toHaveLength(1);
    // Added by 0018: every organisation has the default alarm rules, the old ones included.
    expect((await database.db.select().from(alarmRules).where(eq(alarmRules.orgId, ids.org))).length).toBeGreaterThanOrEqual(2);
    // The seed found the platform and its administrator and made neither again.
    expect(await database.db.select().from(users).where(eq(users.username, 'admin'))).toHaveLength(1);
  });

  it("keeps the role's grants on the same page and button, which the seed adopts rather than duplicates", async () => {
    const exec = database.db as unknown as Executor;
    expect((await exec.select().from(roles).where(eq(roles.id, ids.role)))[0]).toMatchObject({ orgId: ids.org, name: 'Clerks' });
    expect((await exec.select().from(roleMenus).where(eq(roleMenus.roleId, ids.role))).map((r) => r.menuId)).toContain(ids.menu);
    expect((await exec.select().from(roleButtons).where(eq(roleButtons.roleId, ids.role))).map((r) => r.buttonId)).toEqual([ids.button]);
    expect(await exec.select().from(userRoles).where(eq(userRoles.roleId, ids.role))).toHaveLength(1);
    expect((await exec.select().from(menus).where(eq(menus.name, 'system-user'))).map((m) => m.id)).toEqual([ids.menu]);
    const [button] = await exec.select().from(buttons).where(eq(buttons.key, 'system.user.list'));
    expect(button).toMatchObject({ id: ids.button, menuId: ids.menu });
  });

  it('keeps the notifications with their recipients, the SMS templates and the suggestions', async () => {
    const [n] = await database.db.select().from(notifications).where(eq(notifications.id, ids.notification));
    expect(n).toMatchObject({ orgId: ids.org, kind: 'inform', title: 'Gateway offline', content: '<p>GW-1</p>', audience: 'users', status: 1 });
    expect(await database.db.select().from(notificationTargets).where(eq(notificationTargets.notificationId, ids.notification)))
      .toEqual([{ notificationId: ids.notification, targetType: 'user', targetId: ids.clerk }]);
    const [t] = await database.db.select().from(smsTemplates).where(eq(smsTemplates.id, ids.template));
    expect(t).toMatchObject({ orgId: ids.org, name: 'Verification', content: 'Your code is {code}', sign: 'GX', templateCode: 'SMS_001' });
    const [s] = await database.db.select().from(suggestions).where(eq(suggestions.id, ids.suggestion));
    expect(s).toMatchObject({ orgId: ids.org, userId: ids.clerk, content: 'The map is slow', status: 0 });
  });
});
