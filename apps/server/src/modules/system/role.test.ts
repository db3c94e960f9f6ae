import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { Code, type BatchResult, type InUseAnswer, type GrantTree, type GrantTreeNode, type MenuNode } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { buttons, menus, organizations, roleButtons, roleMenus, roles, userRoles, users } from '../../db/schema';
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
    // The organisation's owner holds every key of the organisation, so it may grant any of them.
    await t.database.db.update(organizations).set({ ownerId: tenantAdmin.id }).where(eq(organizations.id, tenant));
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

  it('a permission group copies into a role only what the caller holds, and a refusal names the group', async () => {
    const editor = await makeUser(t, tenant, ['system.role.list', 'system.role.add', 'system.role.update', 'system.user.list']);
    const [userMenu] = await menuIds('system-user');
    const group = async (name: string, keys: string[], menus: number[] = []) =>
      (await t.post<{ id: number }>('/admin/system/authority_group', { method: 'add', name, menu_ids: menus, button_ids: await buttonIds(...keys) }, { token: admin })).data!.id;
    const beyond = await group('Beyond the editor', ['system.user.list', 'system.user.remove']);
    const beyondMenu = await group('A page the editor lacks', [], [userMenu!]);
    const within = await group('Within the editor', ['system.user.list']);
    const rolesBefore = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.orgId, tenant));

    for (const g of [beyond, beyondMenu]) {
      expect(await t.post('/admin/system/role', { method: 'add', name: 'Grown by a group', authority_group_id: g }, { token: editor.token }))
        .toMatchObject({ code: Code.FORBIDDEN, field: 'authority_group_id' });
    }
    expect(await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.orgId, tenant))).toHaveLength(rolesBefore.length);

    const role = await t.post<RoleRow>('/admin/system/role', { method: 'add', name: 'Grown within', authority_group_id: within }, { token: editor.token });
    expect(role.code).toBe(200);
    expect(role.data?.button_ids).toEqual(await buttonIds('system.user.list'));
    expect(await t.post('/admin/system/role', { method: 'update', id: role.data!.id, authority_group_id: beyond }, { token: editor.token }))
      .toMatchObject({ code: Code.FORBIDDEN, field: 'authority_group_id' });
    expect((await t.post<RoleRow>('/admin/system/role', { method: 'detail', id: role.data!.id }, { token: editor.token })).data?.button_ids)
      .toEqual(await buttonIds('system.user.list'));
    // The group is within, the ticked buttons are not: the refusal names what is beyond.
    expect(await t.post('/admin/system/role', { method: 'update', id: role.data!.id, authority_group_id: within, button_ids: await buttonIds('system.user.remove') }, { token: editor.token }))
      .toMatchObject({ code: Code.FORBIDDEN, field: 'button_ids' });
    // Re-applying a group whose grants the role already has adds nothing, so it is allowed whoever holds them.
    await t.database.db.insert(roleButtons).values((await buttonIds('system.user.remove')).map((buttonId) => ({ roleId: role.data!.id, buttonId })));
    expect((await t.post('/admin/system/role', { method: 'update', id: role.data!.id, name: 'Renamed', authority_group_id: beyond }, { token: editor.token })).code).toBe(200);
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

  it('removing a role its users hold asks first, naming them, and takes it from them once confirmed', async () => {
    const role = await t.post<RoleRow>('/admin/system/role', { method: 'add', name: 'Temporary', button_ids: await buttonIds('system.user.list') }, { token: tenantAdmin.token });
    const holder = await makeUser(t, tenant, [], 'holder_temp');
    await t.post('/admin/system/user', { method: 'update', id: holder.id, role_ids: [role.data!.id] }, { token: tenantAdmin.token });
    expect((await t.post<RoleRow>('/admin/system/role', { method: 'detail', id: role.data!.id }, { token: tenantAdmin.token })).data?.user_count).toBe(1);

    const asked = await t.post<InUseAnswer>('/admin/system/role/remove', { id: role.data!.id }, { token: tenantAdmin.token, headers: { 'accept-language': 'en' } });
    expect(asked.code).toBe(Code.IN_USE);
    expect(asked.data).toEqual({ onRemove: 'ask', count: 1, names: ['holder_temp'] });
    expect(asked.msg).toContain('1 users (holder_temp)');
    expect((await t.post<RoleRow>('/admin/system/role', { method: 'detail', id: role.data!.id }, { token: tenantAdmin.token })).data?.user_count).toBe(1);

    const batch = await t.post<BatchResult>('/admin/system/role', { method: 'remove', ids: [role.data!.id] }, { token: tenantAdmin.token });
    expect(batch.code).toBe(Code.IN_USE);
    expect(batch.data?.refused).toEqual([expect.objectContaining({ id: role.data!.id, code: Code.IN_USE, inUse: { onRemove: 'ask', count: 1, names: ['holder_temp'] } })]);

    expect((await t.post('/admin/system/role/remove', { id: role.data!.id, confirm: true }, { token: tenantAdmin.token })).code).toBe(200);
    expect((await t.post<{ btnlist: string[] }>('/admin/index/info', {}, { token: holder.token })).data!.btnlist).toEqual([]);
    expect(await t.database.db.select().from(menus).where(eq(menus.name, 'system-user'))).toHaveLength(1);
  });

  it('a user holding only role.list and role.update cannot grow its own role (the probe\'s escalation)', async () => {
    const probe = await makeUser(t, tenant, ['system.role.list', 'system.role.update']);
    const [own] = await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, probe.id));
    const everyButton = (await t.post<GrantTree>('/admin/system/function_menu', { method: 'tree' }, { token: tenantAdmin.token })).data!;
    const allButtons = [...everyButton.other, ...flat(everyButton.menus).flatMap((n) => n.buttons)].map((b) => b.id);
    const allMenus = flat(everyButton.menus).map((n) => n.id);
    const before = (await t.post<{ btnlist: string[] }>('/admin/index/info', {}, { token: probe.token })).data!.btnlist.sort();
    expect(await t.post('/admin/system/role', { method: 'update', id: own!.roleId, button_ids: allButtons }, { token: probe.token }))
      .toMatchObject({ code: Code.FORBIDDEN, field: 'button_ids' });
    expect(await t.post('/admin/system/role', { method: 'update', id: own!.roleId, menu_ids: allMenus }, { token: probe.token }))
      .toMatchObject({ code: Code.FORBIDDEN, field: 'menu_ids' });
    expect((await t.post<{ btnlist: string[] }>('/admin/index/info', {}, { token: probe.token })).data!.btnlist.sort()).toEqual(before);
    expect(await t.database.db.select().from(roleMenus).where(eq(roleMenus.roleId, own!.roleId))).toEqual([]);
    // Trimming, or re-saving what it already holds, stays possible.
    const mine = await buttonIds('system.role.list', 'system.role.update');
    expect((await t.post('/admin/system/role', { method: 'update', id: own!.roleId, name: 'Renamed', button_ids: mine }, { token: probe.token })).code).toBe(200);
  });

  it('assigning a role is refused when the role holds keys the caller lacks; enabling such a role too', async () => {
    const assigner = await makeUser(t, tenant, ['system.user.update', 'system.user.list', 'system.role.list', 'system.role.enable']);
    const target = await makeUser(t, tenant);
    const strong = await t.post<RoleRow>('/admin/system/role', { method: 'add', name: 'Strong', button_ids: await buttonIds('system.user.remove', 'system.user.list') }, { token: tenantAdmin.token });
    const weak = await t.post<RoleRow>('/admin/system/role', { method: 'add', name: 'Weak', button_ids: await buttonIds('system.user.list') }, { token: tenantAdmin.token });
    expect(await t.post('/admin/system/user', { method: 'update', id: target.id, role_ids: [strong.data!.id] }, { token: assigner.token }))
      .toMatchObject({ code: Code.FORBIDDEN, field: 'role_ids' });
    expect(await t.post('/admin/system/user', { method: 'update', id: assigner.id, role_ids: [strong.data!.id] }, { token: assigner.token }))
      .toMatchObject({ code: Code.FORBIDDEN, field: 'role_ids' });
    expect((await t.post('/admin/system/user', { method: 'update', id: target.id, role_ids: [weak.data!.id] }, { token: assigner.token })).code).toBe(200);
    expect((await t.post<{ btnlist: string[] }>('/admin/index/info', {}, { token: target.token })).data!.btnlist).toEqual(['system.user.list']);

    await t.database.db.update(roles).set({ status: 0 }).where(eq(roles.id, strong.data!.id));
    expect(await t.post('/admin/system/role', { method: 'enable', id: strong.data!.id }, { token: assigner.token })).toMatchObject({ code: Code.FORBIDDEN });
    expect((await t.post<RoleRow & { status: number }>('/admin/system/role', { method: 'detail', id: strong.data!.id }, { token: assigner.token })).data?.status).toBe(0);
    await switchOrg(t, 1, tenant);
    expect((await t.post('/admin/system/role', { method: 'enable', id: strong.data!.id }, { token: admin })).code).toBe(200);
    await switchOrg(t, 1, 1);
    expect(await t.database.db.select().from(roleButtons).where(eq(roleButtons.roleId, strong.data!.id))).toHaveLength(2);
  });

  it('enabling an account is refused when its roles hold keys the caller lacks, or when it owns the organisation', async () => {
    // Every key the owner's roles hold, so only its being the owner (who holds everything) stands in the way.
    const enabler = await makeUser(t, tenant, ['system.user.list', 'system.user.enable', 'system.role.list', 'system.role.add', 'system.role.update', 'system.role.remove', 'system.user.update']);
    const strongUser = await makeUser(t, tenant, ['system.user.list', 'system.user.remove']);
    const weakUser = await makeUser(t, tenant, ['system.user.list']);
    const disable = (id: number) => t.database.db.update(users).set({ status: 0 }).where(eq(users.id, id));
    for (const u of [strongUser, weakUser, tenantAdmin]) await disable(u.id);
    expect(await t.post('/admin/system/user', { method: 'enable', id: strongUser.id }, { token: enabler.token })).toMatchObject({ code: Code.FORBIDDEN, field: 'id' });
    expect(await t.post('/admin/system/user', { method: 'enable', id: tenantAdmin.id }, { token: enabler.token })).toMatchObject({ code: Code.FORBIDDEN, field: 'id' });
    expect((await t.database.db.select({ status: users.status }).from(users).where(inArray(users.id, [strongUser.id, tenantAdmin.id]))).map((u) => u.status)).toEqual([0, 0]);
    expect((await t.post('/admin/system/user', { method: 'enable', id: weakUser.id }, { token: enabler.token })).code).toBe(200);
    await switchOrg(t, 1, tenant);
    for (const u of [strongUser, tenantAdmin]) expect((await t.post('/admin/system/user', { method: 'enable', id: u.id }, { token: admin })).code).toBe(200);
    await switchOrg(t, 1, 1);
  });
});

function flat(nodes: GrantTreeNode[]): GrantTreeNode[] {
  return nodes.flatMap((n) => [n, ...flat(n.children)]);
}
