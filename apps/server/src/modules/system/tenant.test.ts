import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, ORDER_CANCELLED, ORDER_PAID, ORDER_PENDING } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { orderAmount } from './order';

interface Row { id: number; [k: string]: unknown }
interface Page<T = Row> { list: T[]; total: number; page: number; size: number }

/** Organisation-scoped resources of the system area: logs, departments, managers, orders, personnel. */
describe.each(engines)('system tenant resources (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let org: number;
  let boss: MadeUser;
  const call = <T = Row>(path: string, body: Record<string, unknown>, token = boss.token) => t.post<T>(`/admin/system/${path}`, body, { token });

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    org = await makeOrg(t, 'Tenant');
    boss = await makeUser(t, org, 'all', 'boss');
  });
  afterAll(async () => t.close());

  it('the operation log is read-only, shows the organisation its own entries, and filters them', async () => {
    await call('unit', { method: 'add', name: 'Logged unit' });
    const mine = await call<Page<{ action: string; username: string; org_id: number }>>('operation_log', { method: 'list', action: '/admin/system/unit#' });
    expect(mine.data!.list.map((r) => r.action)).toEqual(['/admin/system/unit#add']);
    const all = await call<Page<{ org_id: number | null }>>('operation_log', { method: 'list', size: 100 });
    expect(all.data!.list.every((r) => r.org_id === org)).toBe(true);
    expect((await call('operation_log', { method: 'add', action: 'forged' })).code).toBe(Code.UNKNOWN_METHOD);
    expect((await call('operation_log', { method: 'remove', id: 1 })).code).toBe(Code.UNKNOWN_METHOD);
  });

  it('platform administrators see every organisation\'s log entries and can filter by organisation', async () => {
    const r = await t.post<Page<{ org_id: number; username: string }>>('/admin/system/operation_log', { method: 'list', org_id: org, username: 'boss' }, { token: admin });
    expect(r.data!.total).toBeGreaterThan(0);
    expect(r.data!.list.every((x) => x.org_id === org && x.username === 'boss')).toBe(true);
    const logins = await t.post<Page>('/admin/system/operation_log', { method: 'list', action: 'login' }, { token: admin });
    expect(logins.data!.total).toBeGreaterThan(0);
  });

  it('the visit log lists members\' sign-ins and can end one (the holder gets 1005)', async () => {
    const worker = await makeUser(t, org, [], 'worker');
    const r = await call<Page<{ id: number; username: string; revoked_at: string | null }>>('visit_log', { method: 'list', user_id: worker.id });
    expect(r.data!.total).toBe(1);
    expect(r.data!.list[0]).toMatchObject({ username: 'worker', revoked_at: null });
    expect(JSON.stringify(r.data)).not.toMatch(/token/);
    const ended = await call('visit_log', { method: 'revoke', id: r.data!.list[0]!.id });
    expect(ended.data).toMatchObject({ revoked_reason: 'admin' });
    expect((await t.post('/admin/index/info', {}, { token: worker.token })).code).toBe(Code.SESSION_REVOKED);
  });

  it('departments form a tree within the organisation; another organisation\'s department is not a parent', async () => {
    const top = await call('unit', { method: 'add', name: 'Head office' });
    const sub = await call('unit', { method: 'add', name: 'Sales', parent_id: top.data!.id, leader_id: boss.id });
    expect(sub.code).toBe(200);
    const tree = await call<(Row & { children: Row[] })[]>('unit', { method: 'tree' });
    expect(tree.data!.find((n) => n.id === top.data!.id)?.children.map((c) => c.name)).toEqual(['Sales']);
    expect(await call('unit', { method: 'update', id: top.data!.id, parent_id: sub.data!.id })).toMatchObject({ code: Code.VALIDATION, field: 'parent_id' });
    const stranger = await makeUser(t, await makeOrg(t), 'all');
    expect(await call('unit', { method: 'add', name: 'Spy', parent_id: top.data!.id }, stranger.token)).toMatchObject({ code: Code.NOT_FOUND, field: 'parent_id' });
    expect(await call('unit', { method: 'add', name: 'Spy', leader_id: boss.id }, stranger.token)).toMatchObject({ code: Code.NOT_FOUND, field: 'leader_id' });
  });

  it('managers must be members, once each', async () => {
    const outsider = await makeUser(t, await makeOrg(t), [], undefined, false);
    expect(await call('organization_manager', { method: 'add', user_id: outsider.id })).toMatchObject({ code: Code.NOT_FOUND, field: 'user_id' });
    expect((await call('organization_manager', { method: 'add', user_id: boss.id, title: 'Head' })).code).toBe(200);
    expect(await call('organization_manager', { method: 'add', user_id: boss.id })).toMatchObject({ code: Code.CONFLICT, field: 'user_id' });
  });

  it('orders are priced by the server and move pending → paid or pending → cancelled only', async () => {
    const app = await t.post<Row>('/admin/system/cloud_app', { method: 'add', name: 'PBX cloud', code: 'pbx', price: '0.1' }, { token: admin });
    const order = await call('order', { method: 'add', cloud_app_id: app.data!.id, quantity: 3 });
    expect(order.data).toMatchObject({ amount: 0.3, status: ORDER_PENDING, quantity: 3 });
    expect(String(order.data!.order_no)).toMatch(/^\d{20}$/);
    expect(await call('order', { method: 'add', cloud_app_id: app.data!.id, quantity: 1, amount: 0 })).toMatchObject({ code: Code.VALIDATION, field: 'amount' });
    // The buyer cannot mark its own order paid, whatever its roles hold; the platform (payment side) does.
    expect(await call('order', { method: 'pay', id: order.data!.id })).toMatchObject({ code: Code.FORBIDDEN });
    expect((await call('order', { method: 'detail', id: order.data!.id })).data).toMatchObject({ status: ORDER_PENDING });
    expect((await call('order', { method: 'pay', id: order.data!.id }, admin)).data).toMatchObject({ status: ORDER_PAID });
    expect(await call('order', { method: 'cancel', id: order.data!.id })).toMatchObject({ code: Code.CONFLICT, field: 'status' });
    const other = await call('order', { method: 'add', cloud_app_id: app.data!.id, quantity: 1 });
    expect((await call('order', { method: 'cancel', ids: [other.data!.id] })).code).toBe(200);
    expect((await call('order', { method: 'detail', id: other.data!.id })).data).toMatchObject({ status: ORDER_CANCELLED });
    await t.post('/admin/system/cloud_app', { method: 'disable', id: app.data!.id }, { token: admin });
    expect(await call('order', { method: 'add', cloud_app_id: app.data!.id, quantity: 1 })).toMatchObject({ code: Code.VALIDATION, field: 'cloud_app_id' });
    expect(orderAmount('19.99', 3)).toBe('59.97');
  });

  it('the personnel directory lists the organisation\'s members with their roles', async () => {
    const r = await call<Page<{ username: string; role_ids: number[] }>>('webmaster', { method: 'list', keyword: 'bos' });
    expect(r.data!.list).toEqual([expect.objectContaining({ username: 'boss', role_ids: [expect.any(Number)] })]);
  });
});
