import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, type MenuNode } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { buttons, domainConfigs, menus, orgMembers, users } from '../../db/schema';
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
    expect(String(r.data!.invite_code)).toMatch(/^[0-9A-F]{12}$/);
    const members = await t.database.db.select().from(orgMembers).where(eq(orgMembers.orgId, r.data!.id));
    expect(members.map((m) => m.userId)).toEqual([1]);
  });

  it('the platform organisation cannot be removed or disabled', async () => {
    expect(await call('organization', { method: 'remove', id: 1 })).toMatchObject({ code: Code.CONFLICT });
    expect(await call('organization', { method: 'disable', id: 1 })).toMatchObject({ code: Code.CONFLICT });
  });

  it('removing an organisation clears it as its members\' current organisation', async () => {
    const org = await makeOrg(t);
    const member = await makeUser(t, org, [], undefined, false);
    expect((await call('organization', { method: 'remove', id: org })).code).toBe(200);
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
    const parent = await call('permission', { method: 'add', title: 'route.x', name: 'x-parent', path: '/x' });
    const child = await call('permission', { method: 'add', title: 'route.x.y', name: 'x-child', path: '/x/y', parent_id: parent.data!.id });
    expect(await call('permission', { method: 'update', id: parent.data!.id, parent_id: child.data!.id })).toMatchObject({ code: Code.VALIDATION, field: 'parent_id' });
    expect(await call('permission', { method: 'remove', id: parent.data!.id })).toMatchObject({ code: Code.CONFLICT });
    expect((await call('permission', { method: 'remove', ids: [child.data!.id, parent.data!.id] })).code).toBe(200);
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
    const org = await makeOrg(t);
    expect((await call('organization_cluster', { method: 'add', org_id: org, cluster_id: c.data!.id })).code).toBe(200);
    expect(await call('organization_cluster', { method: 'add', org_id: org, cluster_id: c.data!.id })).toMatchObject({ code: Code.CONFLICT, field: 'org_id' });
    expect(await call('cluster', { method: 'remove', id: c.data!.id })).toMatchObject({ code: Code.CONFLICT });
  });

  it('nic lists the answering server\'s network interfaces, paged', async () => {
    const r = await call<Page<{ name: string; address: string; host: string }>>('nic', { method: 'list', size: 100 });
    expect(r.code).toBe(200);
    expect(r.data!.total).toBeGreaterThan(0);
    expect(r.data!.list.some((n) => n.address === '127.0.0.1')).toBe(true);
  });
});
