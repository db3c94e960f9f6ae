import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code, md5, type InUseAnswer } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { operationLog, organizations, orgMembers, units, users } from '../../db/schema';
import { makeOrg, makeUser, switchOrg, USER_PASSWORD } from '../../resources/testing/fixtures';

interface UserRow { id: number; username: string; nickname: string; status: number; role_ids: number[]; password?: string; _denied?: Record<string, string> }

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
    // Rows name the actions refused on them (`_denied`, e.g. reset_password); no value of theirs is a password.
    expect(JSON.stringify(r.data!.list.map(({ _denied, ...u }) => u))).not.toMatch(/password/i);
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

  it('answers a name taken in another organisation exactly as one taken in its own, saying nothing more', async () => {
    const other = await makeOrg(t, 'Elsewhere Ltd');
    await makeUser(t, other, [], 'elsewhere_person', false);
    const strip = (r: Record<string, unknown>) => ({ ...r, requestId: undefined });
    const theirs = await add({ username: 'Elsewhere_Person' });
    expect((await add({ username: 'own_person' })).code).toBe(200);
    const ours = await add({ username: 'OWN_PERSON' });
    expect(theirs).toMatchObject({ code: Code.CONFLICT, field: 'username' });
    expect(theirs.data).toBeUndefined();
    expect(strip(theirs)).toEqual(strip(ours));
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

  it('resets a password only on an account holding nothing beyond the caller, never the owner\'s: a reset is a takeover', async () => {
    const org = await makeOrg(t);
    const keys = ['system.user.list', 'system.user.reset_password'];
    const owner = await makeUser(t, org, keys);
    await t.database.db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, org));
    const staff = await makeUser(t, org, keys);
    const stronger = await makeUser(t, org, [...keys, 'system.user.remove']);
    const peer = await makeUser(t, org, keys);
    const reset = (id: number, token = staff.token) => t.post('/admin/system/user', { method: 'reset_password', id, password: md5('Hijack123') }, { token });
    const hashOf = async (id: number) => (await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.h;
    for (const target of [owner, stronger]) {
      const before = await hashOf(target.id);
      expect(await reset(target.id)).toMatchObject({ code: Code.FORBIDDEN, field: 'id' });
      expect(await hashOf(target.id)).toBe(before);
      // The account still signs in with its own password.
      expect(await t.login(target.username, USER_PASSWORD)).toBeTruthy();
    }
    // The list says so before the caller tries.
    const list = await t.post<{ list: UserRow[] }>('/admin/system/user', { method: 'list', size: 50 }, { token: staff.token });
    const denied = (id: number) => list.data!.list.find((u) => u.id === id)?._denied?.reset_password;
    expect(denied(owner.id)).toBeTruthy();
    expect(denied(stronger.id)).toBeTruthy();
    expect(denied(peer.id)).toBeUndefined();
    expect((await reset(peer.id)).code).toBe(200);
    // The owner holds everything of its organisation.
    expect((await reset(stronger.id, owner.token)).code).toBe(200);
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

  it('removing a department head asks first, naming only the departments of the caller\'s organisation', async () => {
    const a = await makeOrg(t);
    const b = await makeOrg(t);
    const adminA = await makeUser(t, a, 'all');
    const adminB = await makeUser(t, b, 'all');
    const head = await makeUser(t, a, [], 'head_of_both');
    await switchOrg(t, head.id, b);
    const [unitA] = await t.database.db.insert(units).values({ orgId: a, name: 'Sales A', leaderId: head.id }).returning({ id: units.id });
    const [unitB] = await t.database.db.insert(units).values({ orgId: b, name: 'Secret B', leaderId: head.id }).returning({ id: units.id });
    const remove = (token: string, confirm: boolean) => t.post<InUseAnswer>('/admin/system/user', { method: 'remove', id: head.id, confirm }, { token, headers: { 'accept-language': 'en' } });

    // Organisation A's administrator hears of A's department only: B's is neither counted nor named.
    const asked = await remove(adminA.token, false);
    expect(asked).toMatchObject({ code: Code.IN_USE, data: { onRemove: 'ask', count: 1, names: ['Sales A'] } });
    expect(asked.msg).toContain('1 departments (as their head) (Sales A)');
    expect((await remove(adminA.token, true)).code).toBe(200);
    const heads = await t.database.db.select({ id: units.id, leaderId: units.leaderId }).from(units).where(eq(units.leaderId, head.id));
    // Leaving A took the headship in A with it; B's department keeps its head, who is still B's member.
    expect(heads.map((u) => u.id)).toEqual([unitB!.id]);
    expect(unitA).toBeDefined();
    expect(await remove(adminB.token, false)).toMatchObject({ code: Code.IN_USE, data: { count: 1, names: ['Secret B'] } });
  });

  it('a department with sub-departments is refused, naming them; without them it goes', async () => {
    const org = await makeOrg(t);
    const owner = await makeUser(t, org, 'all');
    const call = (body: Record<string, unknown>) => t.post<InUseAnswer & { id: number }>('/admin/system/unit', body, { token: owner.token, headers: { 'accept-language': 'en' } });
    const parent = await call({ method: 'add', name: 'Engineering' });
    const child = await call({ method: 'add', name: 'Firmware', parent_id: parent.data!.id });
    const refused = await call({ method: 'remove', id: parent.data!.id, confirm: true });
    expect(refused).toMatchObject({ code: Code.IN_USE, data: { onRemove: 'refuse', count: 1, names: ['Firmware'] } });
    expect(refused.msg).toContain('1 sub-departments (Firmware)');
    expect((await call({ method: 'remove', ids: [child.data!.id, parent.data!.id] })).code).toBe(200);
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
