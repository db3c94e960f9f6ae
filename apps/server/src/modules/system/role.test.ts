import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { Code, type GrantTree, type GrantTreeNode, type MenuNode } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { buttons, menus } from '../../db/schema';
import { makeOrg, makeUser, switchOrg } from '../../resources/testing/fixtures';

interface RoleRow { id: number; name: string; menu_ids: number[]; button_ids: number[]; user_count: number }

const names = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);
const treeNames = (nodes: GrantTreeNode[]): string[] => nodes.flatMap((n) => [n.name, ...treeNames(n.children)]);

describe.each(engines)('system roles (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let tenant: number;
  let tenantAdmin: { id: number; token: string };
  const menuIds = async (...n: string[]) => (await t.database.db.select({ id: menus.id }).from(menus).where(inArray(menus.name, n))).map((r) => r.id);
  const buttonIds = async (...k: string[]) => (await t.database.db.select({ id: buttons.id }).from(buttons).where(inArray(buttons.key, k))).map((r) => r.id);

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    tenant = await makeOrg(t, 'Tenant');
    tenantAdmin = await makeUser(t, tenant, ['system.role.list', 'system.role.add', 'system.role.update', 'system.role.remove', 'system.user.update']);
  });
  afterAll(async () => t.close());

  it('a user sees exactly the menus and buttons its role grants, and changes apply without signing in again', async () => {
    const [userMenu] = await menuIds('system-user');
    const grantedButtons = await buttonIds('system.user.list', 'system.user.add');
    const role = await t.post<RoleRow>('/admin/system/role', { method: 'add', name: 'Clerk', menu_ids: [userMenu], button_ids: grantedButtons }, { token: tenantAdmin.token });
    expect(role.code).toBe(200);
    const clerk = await makeUser(t, tenant);
    await t.post('/admin/system/user', { method: 'update', id: clerk.id, role_ids: [role.data!.id] }, { token: tenantAdmin.token });

    const menu = await t.post<MenuNode[]>('/admin/index/menu', {}, { token: clerk.token });
    expect(names(menu.data!).sort()).toEqual(['dashboard', 'system', 'system-user']);
    const info = await t.post<{ btnlist: string[] }>('/admin/index/info', {}, { token: clerk.token });
    expect(info.data!.btnlist.sort()).toEqual(['system.user.add', 'system.user.list']);
    expect((await t.post('/admin/system/user', { method: 'list' }, { token: clerk.token })).code).toBe(200);
    expect((await t.post('/admin/system/role', { method: 'list' }, { token: clerk.token })).code).toBe(Code.FORBIDDEN);

    await t.post('/admin/system/role', { method: 'update', id: role.data!.id, button_ids: await buttonIds('system.user.list') }, { token: tenantAdmin.token });
    const after = await t.post<{ btnlist: string[] }>('/admin/index/info', {}, { token: clerk.token });
    expect(after.data!.btnlist).toEqual(['system.user.list']);
    expect((await t.post('/admin/system/user', { method: 'add', username: 'nope_user', password: 'e10adc3949ba59abbe56e057f20f883e' }, { token: clerk.token })).code).toBe(Code.FORBIDDEN);

    await t.post('/admin/system/role', { method: 'disable', id: role.data!.id }, { token: admin }).then((r) => expect(r.code).toBe(Code.NOT_FOUND));
    await switchOrg(t, 1, tenant);
    expect((await t.post('/admin/system/role', { method: 'disable', id: role.data!.id }, { token: admin })).code).toBe(200);
    await switchOrg(t, 1, 1);
    expect((await t.post<{ btnlist: string[] }>('/admin/index/info', {}, { token: clerk.token })).data!.btnlist).toEqual([]);
  });

  it('a tenant\'s roles cannot grant platform pages or buttons; the platform organisation\'s can', async () => {
    const [permissionMenu] = await menuIds('system-permission');
    const platformButtons = await buttonIds('system.organization.add');
    expect(await t.post('/admin/system/role', { method: 'add', name: 'Sneaky', menu_ids: [permissionMenu] }, { token: tenantAdmin.token }))
      .toMatchObject({ code: Code.VALIDATION, field: 'menu_ids' });
    expect(await t.post('/admin/system/role', { method: 'add', name: 'Sneaky', button_ids: platformButtons }, { token: tenantAdmin.token }))
      .toMatchObject({ code: Code.VALIDATION, field: 'button_ids' });
    const ok = await t.post<RoleRow>('/admin/system/role', { method: 'add', name: 'Platform editor', menu_ids: [permissionMenu], button_ids: platformButtons }, { token: admin });
    expect(ok.code).toBe(200);
  });

  it('function_menu offers a tenant its grantable pages, each with its buttons', async () => {
    const r = await t.post<GrantTree>('/admin/system/function_menu', { method: 'tree' }, { token: tenantAdmin.token });
    expect(r.code).toBe(200);
    const all = treeNames(r.data!.menus);
    expect(all).toContain('system-user');
    expect(all).not.toContain('system-permission');
    expect(all).not.toContain('system-organization');
    const find = (nodes: GrantTreeNode[]): GrantTreeNode | undefined => nodes.map((n) => (n.name === 'system-user' ? n : find(n.children))).find(Boolean);
    expect(find(r.data!.menus)!.buttons.map((b) => b.key)).toContain('system.user.add');
    const page = await t.post<{ list: unknown[]; total: number; page: number; size: number }>('/admin/system/function_menu', { method: 'list', size: 5 }, { token: tenantAdmin.token });
    expect(page.data).toMatchObject({ page: 1, size: 5 });
    expect(page.data!.list).toHaveLength(5);
  });

  it('a permission group adds its menus and buttons to the role', async () => {
    const [m] = await menuIds('system-role');
    const b = await buttonIds('system.role.list');
    const group = await t.post<{ id: number }>('/admin/system/authority_group', { method: 'add', name: 'Role viewer', menu_ids: [m], button_ids: b }, { token: admin });
    expect(group.code).toBe(200);
    const role = await t.post<RoleRow>('/admin/system/role', { method: 'add', name: 'From group', authority_group_id: group.data!.id }, { token: tenantAdmin.token });
    expect(role.data).toMatchObject({ menu_ids: [m], button_ids: b });
  });

  it('another organisation\'s role cannot be read, changed or removed, even by id', async () => {
    const mine = await t.post<RoleRow>('/admin/system/role', { method: 'add', name: 'Private' }, { token: tenantAdmin.token });
    const outsider = await makeUser(t, await makeOrg(t), 'all');
    for (const body of [{ method: 'detail' }, { method: 'update', name: 'Owned' }, { method: 'remove' }, { method: 'disable' }]) {
      expect((await t.post('/admin/system/role', { ...body, id: mine.data!.id }, { token: outsider.token })).code).toBe(Code.NOT_FOUND);
    }
    const still = await t.post<RoleRow>('/admin/system/role', { method: 'detail', id: mine.data!.id }, { token: tenantAdmin.token });
    expect(still.data?.name).toBe('Private');
  });

  it('removing a role takes it from its users', async () => {
    const role = await t.post<RoleRow>('/admin/system/role', { method: 'add', name: 'Temporary', button_ids: await buttonIds('system.user.list') }, { token: tenantAdmin.token });
    const holder = await makeUser(t, tenant);
    await t.post('/admin/system/user', { method: 'update', id: holder.id, role_ids: [role.data!.id] }, { token: tenantAdmin.token });
    expect((await t.post<RoleRow>('/admin/system/role', { method: 'detail', id: role.data!.id }, { token: tenantAdmin.token })).data?.user_count).toBe(1);
    expect((await t.post('/admin/system/role/remove', { id: role.data!.id }, { token: tenantAdmin.token })).code).toBe(200);
    expect((await t.post<{ btnlist: string[] }>('/admin/index/info', {}, { token: holder.token })).data!.btnlist).toEqual([]);
    expect(await t.database.db.select().from(menus).where(eq(menus.name, 'system-user'))).toHaveLength(1);
  });
});
