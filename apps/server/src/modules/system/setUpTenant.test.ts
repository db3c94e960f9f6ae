import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, md5, type GrantTree, type GrantTreeNode, type MenuNode } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';

const names = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);
const findNode = (nodes: GrantTreeNode[], name: string): GrantTreeNode | undefined =>
  nodes.map((n) => (n.name === name ? n : findNode(n.children, name))).find(Boolean);

/**
 * Issue 4 "done when", through the API the console uses: the administrator creates an organisation, a role with a
 * subset of menus and buttons, and a user in that organisation; the user sees exactly what was granted, is refused
 * the rest by the server, and the operation log shows all of it.
 */
describe.each(engines)('setting up a tenant (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let orgId: number;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    const org = await t.post<{ id: number }>('/admin/system/organization', { method: 'add', name: 'Branch office' }, { token: admin });
    orgId = org.data!.id;
    expect((await t.post('/admin/system/personal_data', { method: 'organization_change', id: orgId }, { token: admin })).code).toBe(200);
    const tree = await t.post<GrantTree>('/admin/system/function_menu', { method: 'tree' }, { token: admin });
    const userPage = findNode(tree.data!.menus, 'system-user')!;
    const list = userPage.buttons.find((b) => b.key === 'system.user.list')!;
    const role = await t.post<{ id: number }>('/admin/system/role', { method: 'add', name: 'Clerk', menu_ids: [userPage.id], button_ids: [list.id] }, { token: admin });
    expect(role.code).toBe(200);
    const user = await t.post('/admin/system/user', { method: 'add', username: 'clerk', password: md5('Clerk123'), role_ids: [role.data!.id] }, { token: admin });
    expect(user.code).toBe(200);
    await t.post('/admin/system/personal_data', { method: 'organization_change', id: 1 }, { token: admin });
    clerk = await t.login('clerk', 'Clerk123');
  });
  afterAll(async () => t.close());

  it('the new user sees exactly the granted menus and buttons', async () => {
    const menu = await t.post<MenuNode[]>('/admin/index/menu', {}, { token: clerk });
    expect(names(menu.data!).sort()).toEqual(['dashboard', 'system', 'system-user']);
    const info = await t.post<{ btnlist: string[]; org: { id: number } }>('/admin/index/info', {}, { token: clerk });
    expect(info.data).toMatchObject({ btnlist: ['system.user.list'], org: { id: orgId } });
  });

  it('the server refuses every call the role does not grant', async () => {
    expect((await t.post('/admin/system/role', { method: 'list' }, { token: clerk })).code).toBe(Code.FORBIDDEN);
    expect((await t.post('/admin/system/user/add', { username: 'x_clerk', password: md5('Clerk123') }, { token: clerk })).code).toBe(Code.FORBIDDEN);
    expect((await t.post('/admin/system/organization', { method: 'list' }, { token: clerk })).code).toBe(Code.FORBIDDEN);
    const users = await t.post<{ list: { username: string }[] }>('/admin/system/user/list', {}, { token: clerk });
    expect(users.data!.list.map((u) => u.username).sort()).toEqual(['admin', 'clerk']);
  });

  it('the operation log shows the organisation, the role, the user and the sign-in', async () => {
    const log = await t.post<{ list: { action: string; org_id: number | null; username: string }[] }>(
      '/admin/system/operation_log', { method: 'list', size: 100, sort: 'at', order: 'asc' }, { token: admin });
    const actions = log.data!.list.map((r) => `${r.action}@${r.org_id}`);
    expect(actions).toEqual(expect.arrayContaining([
      '/admin/system/organization#add@1',
      `/admin/system/role#add@${orgId}`,
      `/admin/system/user#add@${orgId}`,
      `login@${orgId}`,
    ]));
    const tenantView = await t.post<{ list: { org_id: number }[] }>('/admin/system/operation_log', { method: 'list', size: 100 }, { token: clerk });
    expect(tenantView.code).toBe(Code.FORBIDDEN);
  });
});
