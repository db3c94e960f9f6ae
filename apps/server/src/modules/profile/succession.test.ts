import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { createMember, createOrganization, grantKeys } from '../../testing/members';
import { organizationManagers, organizations, orgMembers, userRoles, users } from '../../db/schema';

const PATH = '/admin/system/personal_data';
const KEYS = ['system.user.succession', 'system.webmaster.form_select'];

describe.each(engines)('resignation handover (%s)', (engine) => {
  let t: TestApp;
  let orgId: number;
  let boss: { id: number; token: string };
  beforeAll(async () => {
    t = await startTestApp({ engine });
    orgId = await createOrganization(t, 'Handover Co');
    boss = await createMember(t, { username: 'ho-boss', orgs: [orgId], nickname: 'Boss', keys: KEYS });
  });
  afterAll(async () => t.close());

  const handover = (quit: number, inherit: number, token = boss.token) =>
    t.post<{ roles: number; moved: Record<string, number>; disabled: boolean }>(PATH, { method: 'resignation_succession', quit_id: quit, inherit_id: inherit }, { token });
  const rolesOf = async (userId: number) =>
    (await t.database.db.select().from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.orgId, orgId)))).map((r) => r.roleId);

  it('hands the leaver\'s roles and owned records to the inheritor, ends the membership and every session', async () => {
    const leaver = await createMember(t, { username: 'ho-leaver', orgs: [orgId], nickname: 'Leaver' });
    const heir = await createMember(t, { username: 'ho-heir', orgs: [orgId], nickname: 'Heir' });
    const roleId = await grantKeys(t, leaver.id, orgId, ['system.webmaster.form_select']);
    await t.database.db.insert(organizationManagers).values({ orgId, userId: leaver.id, title: 'Head of sales' });

    const r = await handover(leaver.id, heir.id);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ roles: 1, disabled: true });
    expect(r.data?.moved).toMatchObject({ organizationManager: 1 });
    const managers = await t.database.db.select().from(organizationManagers).where(eq(organizationManagers.orgId, orgId));
    expect(managers.map((m) => [m.userId, m.title])).toEqual([[heir.id, 'Head of sales']]);
    expect(await rolesOf(heir.id)).toContain(roleId);
    expect(await rolesOf(leaver.id)).toEqual([]);
    const membership = await t.database.db.select().from(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, leaver.id)));
    expect(membership).toHaveLength(0);
    expect((await t.post('/admin/index/info', {}, { token: leaver.token })).code).toBe(Code.SESSION_REVOKED);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, leaver.id));
    expect(u?.status).toBe(0);
  });

  it('does not disable someone another organisation still employs; that one moves to its other organisation', async () => {
    const elsewhere = await createOrganization(t, 'Elsewhere');
    const leaver = await createMember(t, { username: 'ho-twojobs', orgs: [orgId, elsewhere], nickname: 'Two Jobs' });
    const heir = await createMember(t, { username: 'ho-heir2', orgs: [orgId], nickname: 'Heir 2' });
    const r = await handover(leaver.id, heir.id);
    expect(r.data?.disabled).toBe(false);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, leaver.id));
    expect(u).toMatchObject({ status: 1, currentOrgId: elsewhere });
    expect((await t.post('/admin/index/info', {}, { token: leaver.token })).code).toBe(Code.SESSION_REVOKED);
  });

  it('answers NOT_FOUND for people outside the current organisation', async () => {
    const outsider = await createMember(t, { username: 'ho-outsider', orgs: [1], nickname: 'Out' });
    const heir = await createMember(t, { username: 'ho-heir3', orgs: [orgId], nickname: 'Heir 3' });
    expect(await handover(outsider.id, heir.id)).toMatchObject({ code: Code.NOT_FOUND, field: 'quit_id' });
    const leaver = await createMember(t, { username: 'ho-leaver3', orgs: [orgId], nickname: 'L3' });
    expect(await handover(leaver.id, outsider.id)).toMatchObject({ code: Code.NOT_FOUND, field: 'inherit_id' });
  });

  it('requires two different people, neither of them the caller', async () => {
    const a = await createMember(t, { username: 'ho-a', orgs: [orgId], nickname: 'A' });
    expect(await handover(a.id, a.id)).toMatchObject({ code: Code.VALIDATION, field: 'inherit_id' });
    expect(await handover(boss.id, a.id)).toMatchObject({ code: Code.VALIDATION, field: 'quit_id' });
    expect((await t.post(PATH, { method: 'resignation_succession', inherit_id: a.id }, { token: boss.token }))).toMatchObject({ code: Code.VALIDATION, field: 'quit_id' });
  });

  it('never hands over a platform administrator', async () => {
    const admin = await t.login();
    // Ids up to 3 are platform administrators; the seed only creates id 1, so make id 2 here.
    await t.database.db.insert(users).values({ id: 2, username: 'second-admin', passwordHash: 'x', currentOrgId: 1 });
    await t.database.db.insert(orgMembers).values({ orgId: 1, userId: 2 });
    const heir = await createMember(t, { username: 'ho-heir4', orgs: [1], nickname: 'H4' });
    expect((await handover(2, heir.id, admin)).code).toBe(Code.FORBIDDEN);
  });

  it('never makes the caller the inheritor', async () => {
    const leaver = await createMember(t, { username: 'ho-leaver6', orgs: [orgId], nickname: 'L6' });
    expect(await handover(leaver.id, boss.id)).toMatchObject({ code: Code.FORBIDDEN, field: 'inherit_id' });
    expect(await rolesOf(boss.id)).toHaveLength(1);
  });

  it('never hands over the organisation\'s owner, not even to someone else', async () => {
    const owner = await createMember(t, { username: 'ho-owner', orgs: [orgId], nickname: 'Owner', keys: ['system.role.add'] });
    const heir = await createMember(t, { username: 'ho-heir7', orgs: [orgId], nickname: 'H7' });
    await t.database.db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, orgId));
    expect(await handover(owner.id, heir.id)).toMatchObject({ code: Code.FORBIDDEN, field: 'quit_id' });
    expect((await t.post('/admin/index/info', {}, { token: owner.token })).code).toBe(200);
    await t.database.db.update(organizations).set({ ownerId: null }).where(eq(organizations.id, orgId));
  });

  it('refuses to hand over someone holding keys the caller lacks; the owner holds every key', async () => {
    const mighty = await createMember(t, { username: 'ho-mighty', orgs: [orgId], nickname: 'Mighty', keys: ['system.user.remove'] });
    const heir = await createMember(t, { username: 'ho-heir8', orgs: [orgId], nickname: 'H8' });
    expect(await handover(mighty.id, heir.id)).toMatchObject({ code: Code.FORBIDDEN, field: 'quit_id' });
    expect(await rolesOf(heir.id)).toEqual([]);
    const owner = await createMember(t, { username: 'ho-owner2', orgs: [orgId], nickname: 'Owner 2', keys: ['system.user.succession'] });
    await t.database.db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, orgId));
    expect((await handover(mighty.id, heir.id, owner.token)).code).toBe(200);
    expect(await rolesOf(heir.id)).toHaveLength(1);
    await t.database.db.update(organizations).set({ ownerId: null }).where(eq(organizations.id, orgId));
  });

  it('is for administrators only', async () => {
    const plain = await createMember(t, { username: 'ho-plain', orgs: [orgId], nickname: 'Plain' });
    const heir = await createMember(t, { username: 'ho-heir5', orgs: [orgId], nickname: 'H5' });
    expect((await handover(heir.id, boss.id, plain.token)).code).toBe(Code.FORBIDDEN);
  });
});
