import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, type InUseAnswer, type MenuNode } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { authorityGroups, buttons, domainConfigs, menus, organizations, orgMembers, roleButtons, roleMenus, roles, users } from '../../db/schema';
import { makeOrg, makeUser } from '../../resources/testing/fixtures';

interface Row { id: number; [k: string]: unknown }
interface Page<T = Row> { list: T[]; total: number; page: number; size: number }

/** Platform-wide resources of the system area: organisations, menus, buttons, website config, memberships, nic, catalogues. */
describe.each(engines)('system platform resources (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  const call = <T = Row>(path: string, body: Record<string, unknown>, token = admin) => t.post<T>(`/admin/system/${path}`, body, { token });

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
  });
  afterAll(async () => t.close());

  it('creating an organisation gives it an invitation code and makes the creator a member', async () => {
    const r = await call('organization', { method: 'add', name: 'Acme' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ name: 'Acme', owner_name: 'Administrator', member_count: 1, status: 1 });
    expect(String(r.data!.invite_code)).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    const members = await t.database.db.select().from(orgMembers).where(eq(orgMembers.orgId, r.data!.id));
    expect(members.map((m) => m.userId)).toEqual([1]);
  });

  it('the platform organisation, made by the seed, has a long invitation code that expires like every other', async () => {
    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.id, 1));
    expect(org!.inviteCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(org!.inviteExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
  });

  it('the platform organisation cannot be removed or disabled', async () => {
    expect(await call('organization', { method: 'remove', id: 1 })).toMatchObject({ code: Code.CONFLICT });
    expect(await call('organization', { method: 'disable', id: 1 })).toMatchObject({ code: Code.CONFLICT });
  });

  it('removing an organisation asks first, naming its members, then clears it as their current organisation', async () => {
    const org = await makeOrg(t);
    const member = await makeUser(t, org, [], 'org_member_one', false);
    expect(await call('organization', { method: 'remove', id: org })).toMatchObject({ code: Code.IN_USE, data: { onRemove: 'ask', count: 1, names: ['org_member_one'] } });
    expect((await call('organization', { method: 'remove', id: org, confirm: true })).code).toBe(200);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(u?.currentOrgId).toBeNull();
  });

  it('a staff member of the platform organisation reaches platform resources through its role; a tenant\'s never', async () => {
    const staff = await makeUser(t, 1, ['system.organization.list']);
    expect((await call('organization', { method: 'list' }, staff.token)).code).toBe(200);
    const tenant = await makeUser(t, await makeOrg(t), ['system.organization.list']);
    expect((await call('organization', { method: 'list' }, tenant.token)).code).toBe(Code.FORBIDDEN);
  });

  it('menus: the tree method answers nested menus; a menu cannot move under its own child, nor go while it has children', async () => {
    const tree = await call<(MenuNode & { children: Row[] })[]>('permission', { method: 'tree' });
    const system = tree.data!.find((n) => n.name === 'system');
    expect(system?.children.map((c) => c.name)).toContain('system-user');
    // A seeded menu's sub-menus are named by their titles, as the console shows them, not by their title keys.
    const refused = await t.post<InUseAnswer>('/admin/system/permission', { method: 'remove', id: system!.id }, { token: admin, headers: { 'accept-language': 'en' } });
    expect(refused).toMatchObject({ code: Code.IN_USE, data: { onRemove: 'refuse' } });
    expect(refused.data!.names[0]).toMatch(/^[A-Z][^.]* \(system-[\w-]+\)$/);
    const parent = await call('permission', { method: 'add', title: 'route.x', name: 'x-parent', path: '/x' });
    const child = await call('permission', { method: 'add', title: 'route.x.y', name: 'x-child', path: '/x/y', parent_id: parent.data!.id });
    expect(await call('permission', { method: 'update', id: parent.data!.id, parent_id: child.data!.id })).toMatchObject({ code: Code.VALIDATION, field: 'parent_id' });
    expect(await call('permission', { method: 'remove', id: parent.data!.id, confirm: true })).toMatchObject({
      code: Code.IN_USE, data: { onRemove: 'refuse', count: 1, names: ['route.x.y (x-child)'] },
    });
    expect((await call('permission', { method: 'remove', ids: [child.data!.id, parent.data!.id] })).code).toBe(200);
  });

  it('a menu or key granted by roles and permission groups asks first, naming them across organisations, and leaves none behind', async () => {
    const menu = await call('permission', { method: 'add', title: 'route.granted', name: 'granted-menu', path: '/granted' });
    const key = await call('button', { method: 'add', key: 'report.granted.print', title: 'Print granted', menu_id: menu.data!.id });
    // A button placed under the menu would be orphaned: refused, naming it.
    expect(await call('permission', { method: 'remove', id: menu.data!.id, confirm: true })).toMatchObject({
      code: Code.IN_USE, data: { onRemove: 'refuse', names: ['Print granted (report.granted.print)'] },
    });
    expect((await call('button', { method: 'update', id: key.data!.id, menu_id: null })).code).toBe(200);
    const tenant = await makeOrg(t);
    const [tenantRole] = await t.database.db.insert(roles).values({ orgId: tenant, name: 'Tenant reporter' }).returning({ id: roles.id });
    await t.database.db.insert(roleMenus).values({ roleId: tenantRole!.id, menuId: menu.data!.id });
    await t.database.db.insert(roleButtons).values({ roleId: tenantRole!.id, buttonId: key.data!.id });
    const group = await call('authority_group', { method: 'add', name: 'Reporting', menu_ids: [menu.data!.id], button_ids: [key.data!.id] });
    expect(group.code).toBe(200);

    // A platform row's removal reaches every organisation: the tenant's role is counted and named.
    expect(await call('permission', { method: 'remove', id: menu.data!.id })).toMatchObject({ code: Code.IN_USE, data: { onRemove: 'ask', count: 1, names: ['Tenant reporter'] } });
    expect(await call('permission', { method: 'remove', id: menu.data!.id, confirm: true })).toMatchObject({ code: 200 });
    expect(await call('button', { method: 'remove', id: key.data!.id })).toMatchObject({ code: Code.IN_USE, data: { count: 1, names: ['Tenant reporter'] } });
    expect((await call('button', { method: 'remove', id: key.data!.id, confirm: true })).code).toBe(200);
    expect(await t.database.db.select().from(roleMenus).where(eq(roleMenus.roleId, tenantRole!.id))).toEqual([]);
    expect(await t.database.db.select().from(roleButtons).where(eq(roleButtons.roleId, tenantRole!.id))).toEqual([]);
    // The group's id lists (arrays, no foreign key) lost them too.
    const [g] = await t.database.db.select().from(authorityGroups).where(eq(authorityGroups.id, group.data!.id));
    expect(g).toMatchObject({ menuIds: [], buttonIds: [] });
  });

  it('menu names are unique', async () => {
    expect(await call('permission', { method: 'add', title: 'route.dup', name: 'system-user', path: '/dup' })).toMatchObject({ code: Code.CONFLICT, field: 'name' });
  });

  it('buttons: endpoint keys are built in and stay; custom keys come and go; resources\' buttons sit under their page', async () => {
    const builtin = await call<Page>('button', { method: 'list', key: 'system.user.add' });
    expect(builtin.data!.list[0]).toMatchObject({ key: 'system.user.add', builtin: true });
    expect(await call('button', { method: 'remove', id: builtin.data!.list[0]!.id })).toMatchObject({ code: Code.CONFLICT, field: 'key' });
    const [userMenu] = await t.database.db.select().from(menus).where(eq(menus.name, 'system-user'));
    const [linked] = await t.database.db.select().from(buttons).where(eq(buttons.key, 'system.user.add'));
    expect(linked?.menuId).toBe(userMenu?.id);
    const custom = await call('button', { method: 'add', key: 'report.sales.print', title: 'Print' });
    expect(custom.data).toMatchObject({ builtin: false });
    expect(await call('button', { method: 'add', key: 'Not A Key', title: 'x' })).toMatchObject({ code: Code.VALIDATION, field: 'key' });
    expect((await call('button', { method: 'remove', id: custom.data!.id })).code).toBe(200);
  });

  it('website config: one row per domain, lower-cased; the default brand cannot be removed', async () => {
    const r = await call('website_config', { method: 'add', domain: 'Console.Example.COM', home_title: 'Example', company_url: 'https://example.com' });
    expect(r.data).toMatchObject({ domain: 'console.example.com', domain_oem: 1 });
    expect(await call('website_config', { method: 'add', domain: 'console.example.com' })).toMatchObject({ code: Code.CONFLICT, field: 'domain' });
    expect(await call('website_config', { method: 'update', id: r.data!.id, company_url: 'ftp://x' })).toMatchObject({ code: Code.VALIDATION, field: 'company_url' });
    const [def] = await t.database.db.select().from(domainConfigs).where(eq(domainConfigs.domain, ''));
    expect(await call('website_config', { method: 'remove', id: def!.id })).toMatchObject({ code: Code.CONFLICT });
    // The login page of that domain is branded by the row (fetch cannot set Host, inject can).
    const brand = await t.app.inject({ method: 'POST', url: '/v3/admin/index/domain_config', headers: { host: 'console.example.com' }, payload: {} });
    expect(brand.json()).toMatchObject({ data: { home_title: 'Example', domain_oem: 1 } });
  });

  it('memberships: an existing account is added to an organisation by username, and can leave it', async () => {
    const org = await makeOrg(t, 'Joined');
    const person = await makeUser(t, 1, [], 'member_by_name', false);
    expect(await call('webmaster/belong', { method: 'add', username: 'nobody_here', org_id: org })).toMatchObject({ code: Code.VALIDATION, field: 'username' });
    const r = await call('webmaster/belong', { method: 'add', username: 'MEMBER_BY_NAME', org_id: org });
    expect(r.data).toMatchObject({ user_id: person.id, org_id: org, org_name: 'Joined' });
    expect(await call('webmaster/belong', { method: 'add', username: 'member_by_name', org_id: org })).toMatchObject({ code: Code.CONFLICT });
    const list = await call<Page>('webmaster/belong', { method: 'list', user_id: person.id });
    expect(list.data!.total).toBe(2);
    expect((await call('webmaster/belong', { method: 'remove', id: r.data!.id })).code).toBe(200);
    expect((await call<Page>('webmaster/belong', { method: 'list', user_id: person.id })).data!.total).toBe(1);
  });

  it('clusters serve organisations; a cluster in use cannot be removed', async () => {
    const c = await call('cluster', { method: 'add', name: 'East', code: 'east', broker_url: 'mqtts://east.example.com:8883' });
    expect(await call('cluster', { method: 'add', name: 'West', code: 'west', broker_url: 'http://x' })).toMatchObject({ code: Code.VALIDATION, field: 'broker_url' });
    const org = await makeOrg(t, 'Served by East');
    expect((await call('organization_cluster', { method: 'add', org_id: org, cluster_id: c.data!.id })).code).toBe(200);
    expect(await call('organization_cluster', { method: 'add', org_id: org, cluster_id: c.data!.id })).toMatchObject({ code: Code.CONFLICT, field: 'org_id' });
    // Refused whatever the request confirms, naming the organisations it serves.
    for (const confirm of [false, true]) {
      expect(await call('cluster', { method: 'remove', id: c.data!.id, confirm })).toMatchObject({
        code: Code.IN_USE, data: { onRemove: 'refuse', count: 1, names: ['Served by East'] },
      });
    }
    expect((await call<{ id: number }>('cluster', { method: 'detail', id: c.data!.id })).code).toBe(200);
  });

  it('nic lists the answering server\'s network interfaces, paged', async () => {
    const r = await call<Page<{ name: string; address: string; host: string }>>('nic', { method: 'list', size: 100 });
    expect(r.code).toBe(200);
    expect(r.data!.total).toBeGreaterThan(0);
    expect(r.data!.list.some((n) => n.address === '127.0.0.1')).toBe(true);
  });
});
