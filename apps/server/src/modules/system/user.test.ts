import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code, md5 } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { operationLog, orgMembers, users } from '../../db/schema';
import { makeOrg, makeUser, switchOrg, USER_PASSWORD } from '../../resources/testing/fixtures';

interface UserRow { id: number; username: string; nickname: string; status: number; role_ids: number[]; password?: string }

describe.each(engines)('system users (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  const add = (body: Record<string, unknown>, token = admin) => t.post<UserRow>('/admin/system/user', { method: 'add', password: md5('Secret12'), ...body }, { token });

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
  });
  afterAll(async () => t.close());

  it('lists the organisation\'s users as {list, total, page, size}, never with a password', async () => {
    const r = await t.post<{ list: UserRow[]; total: number; page: number; size: number }>('/admin/system/user', { method: 'list' }, { token: admin });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ page: 1, size: 20 });
    expect(r.data!.total).toBeGreaterThanOrEqual(1);
    expect(r.data!.list.some((u) => u.username === 'admin')).toBe(true);
    expect(JSON.stringify(r.data)).not.toMatch(/password/i);
  });

  it('serves /user/list and /user/add as SPEC §7 names them', async () => {
    const created = await t.post<UserRow>('/admin/system/user/add', { username: 'alias_user', password: md5('Secret12') }, { token: admin });
    expect(created.code).toBe(200);
    const r = await t.post<{ list: UserRow[] }>('/admin/system/user/list', { username: 'alias_' }, { token: admin });
    expect(r.data!.list.map((u) => u.username)).toEqual(['alias_user']);
  });

  it('creates a user who can sign in with the password the administrator chose, and logs it', async () => {
    const r = await add({ username: 'alice', nickname: 'Alice', cellphone: '13912345678', email: 'alice@example.com' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ username: 'alice', nickname: 'Alice', status: 1, role_ids: [] });
    expect(typeof (await t.login('alice', 'Secret12'))).toBe('string');
    const [log] = await t.database.db.select().from(operationLog).where(and(eq(operationLog.action, '/admin/system/user#add'), eq(operationLog.target, String(r.data!.id))));
    expect(log?.after).toMatchObject({ username: 'alice' });
    expect(JSON.stringify(log?.after)).not.toContain(md5('Secret12'));
  });

  it('refuses a bad phone number naming the field, and writes nothing', async () => {
    const r = await add({ username: 'bob', cellphone: '12345' });
    expect(r).toMatchObject({ code: Code.VALIDATION, field: 'cellphone' });
    expect(await t.database.db.select().from(users).where(eq(users.username, 'bob'))).toHaveLength(0);
  });

  it('refuses a taken username (any case) with CONFLICT on username', async () => {
    expect(await add({ username: 'ALICE' })).toMatchObject({ code: Code.CONFLICT, field: 'username' });
  });

  it('refuses fields the declaration does not know, by name', async () => {
    expect(await add({ username: 'carol', is_admin: true })).toMatchObject({ code: Code.VALIDATION, field: 'is_admin' });
    expect(await add({ username: 'carol', status: 0 })).toMatchObject({ code: Code.VALIDATION, field: 'status' });
  });

  it('updates a profile and logs before → after', async () => {
    const { data } = await add({ username: 'dave', nickname: 'Dave' });
    const r = await t.post<UserRow>('/admin/system/user', { method: 'update', id: data!.id, nickname: 'David' }, { token: admin });
    expect(r.data?.nickname).toBe('David');
    const [log] = await t.database.db.select().from(operationLog).where(and(eq(operationLog.action, '/admin/system/user#update'), eq(operationLog.target, String(data!.id))));
    expect(log?.before).toMatchObject({ nickname: 'Dave' });
    expect(log?.after).toMatchObject({ nickname: 'David' });
  });

  it('disabling a user signs it out (1005) and refuses its sign-in; enabling lets it back', async () => {
    const { data } = await add({ username: 'erin' });
    const token = await t.login('erin', 'Secret12');
    expect((await t.post('/admin/system/user', { method: 'disable', id: data!.id }, { token: admin })).code).toBe(200);
    expect((await t.post('/admin/index/info', {}, { token })).code).toBe(Code.SESSION_REVOKED);
    expect((await t.post('/admin/index/login', { username: 'erin', password: md5('Secret12'), code: '' })).code).toBe(Code.ACCOUNT_DISABLED);
    expect((await t.post('/admin/system/user', { method: 'enable', ids: [data!.id] }, { token: admin })).code).toBe(200);
    expect(typeof (await t.login('erin', 'Secret12'))).toBe('string');
  });

  it('reset password sets the new one and signs the user out everywhere', async () => {
    const { data } = await add({ username: 'frank' });
    const token = await t.login('frank', 'Secret12');
    const r = await t.post('/admin/system/user', { method: 'reset_password', id: data!.id, password: md5('NewPass34') }, { token: admin });
    expect(r.code).toBe(200);
    expect((await t.post('/admin/index/info', {}, { token })).code).toBe(Code.SESSION_REVOKED);
    expect(typeof (await t.login('frank', 'NewPass34'))).toBe('string');
  });

  it('remove takes the user out of the organisation but keeps the account', async () => {
    const { data } = await add({ username: 'gina' });
    expect((await t.post('/admin/system/user/remove', { ids: [data!.id] }, { token: admin })).code).toBe(200);
    expect((await t.post('/admin/system/user', { method: 'detail', id: data!.id }, { token: admin })).code).toBe(Code.NOT_FOUND);
    expect(await t.database.db.select().from(users).where(eq(users.id, data!.id))).toHaveLength(1);
    expect(await t.database.db.select().from(orgMembers).where(eq(orgMembers.userId, data!.id))).toHaveLength(0);
  });

  it('assigns roles of the organisation only: another organisation\'s role id is NOT_FOUND', async () => {
    const other = await makeOrg(t);
    const stranger = await makeUser(t, other, ['system.role.add']);
    const foreign = await t.post<{ id: number }>('/admin/system/role', { method: 'add', name: 'theirs' }, { token: stranger.token });
    const mine = await t.post<{ id: number }>('/admin/system/role', { method: 'add', name: 'ours' }, { token: admin });
    const bad = await add({ username: 'hank', role_ids: [mine.data!.id, foreign.data!.id] });
    expect(bad).toMatchObject({ code: Code.NOT_FOUND, field: 'role_ids' });
    const good = await add({ username: 'hank', role_ids: [mine.data!.id] });
    expect(good.data?.role_ids).toEqual([mine.data!.id]);
  });

  it('protects the platform administrator: nobody else changes it, and nobody disables or removes itself', async () => {
    const staff = await makeUser(t, 1, 'all');
    expect((await t.post('/admin/system/user', { method: 'update', id: 1, nickname: 'x' }, { token: staff.token })).code).toBe(Code.FORBIDDEN);
    expect((await t.post('/admin/system/user', { method: 'reset_password', id: 1, password: md5('Hijack123') }, { token: staff.token })).code).toBe(Code.FORBIDDEN);
    expect((await t.post('/admin/system/user', { method: 'disable', id: 1 }, { token: admin })).code).toBe(Code.FORBIDDEN);
    expect((await t.post('/admin/system/user', { method: 'remove', id: 1 }, { token: admin })).code).toBe(Code.FORBIDDEN);
    expect((await t.post('/admin/system/user', { method: 'disable', id: staff.id }, { token: staff.token })).code).toBe(Code.FORBIDDEN);
    const self = await t.post<UserRow>('/admin/system/user', { method: 'update', id: 1, nickname: 'Administrator' }, { token: admin });
    expect(self.code).toBe(200);
  });

  it('leaves an account shared with another organisation to platform staff', async () => {
    const a = await makeOrg(t);
    const b = await makeOrg(t);
    const tenantAdmin = await makeUser(t, a, 'all');
    const shared = await makeUser(t, a);
    await switchOrg(t, shared.id, b);
    expect((await t.post('/admin/system/user', { method: 'disable', id: shared.id }, { token: tenantAdmin.token })).code).toBe(Code.FORBIDDEN);
    expect((await t.post('/admin/system/user', { method: 'remove', id: shared.id }, { token: tenantAdmin.token })).code).toBe(200);
  });

  it('offers the first 50 in the picker with a flag to refine, and labels for given ids', async () => {
    const org = await makeOrg(t);
    await switchOrg(t, 1, org);
    try {
      for (let i = 0; i < 55; i++) await makeUser(t, org, [], `pick${String(i).padStart(2, '0')}`, false);
      const r = await t.post<{ list: { value: number; label: string }[]; more: boolean; limit: number }>('/admin/system/user', { method: 'select' }, { token: admin });
      expect(r.data).toMatchObject({ more: true, limit: 50 });
      expect(r.data!.list).toHaveLength(50);
      const narrowed = await t.post<{ list: { label: string }[]; more: boolean }>('/admin/system/user', { method: 'select', keyword: 'pick5' }, { token: admin });
      expect(narrowed.data).toMatchObject({ more: false });
      expect(narrowed.data!.list.map((o) => o.label).sort()).toEqual(['pick50', 'pick51', 'pick52', 'pick53', 'pick54']);
    } finally {
      await switchOrg(t, 1, 1);
    }
  });

  it('exposes the password of nobody and accepts the administrator\'s form MD5 only', async () => {
    const r = await add({ username: 'ivan', password: 'plain-text' });
    expect(r).toMatchObject({ code: Code.VALIDATION, field: 'password' });
    expect(USER_PASSWORD).toBeTruthy();
  });
});
