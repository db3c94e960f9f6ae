import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code, isPlatformKey, type MyOrganization, type OrganizationOption, type PersonalDataDetailAnswer } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { createMember } from '../../testing/members';
import { menus, organizations, roleButtons, roleMenus, userRoles, buttons } from '../../db/schema';

const PATH = '/admin/system/organization';

describe.each(engines)('organisation self-service (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ engine }); });
  afterAll(async () => t.close());

  const create = (token: string, name: string) => t.post<OrganizationOption>(PATH, { method: 'form', name }, { token });
  const mine = async (token: string) => (await t.post<{ list: MyOrganization[] }>(PATH, { method: 'mine' }, { token })).data?.list ?? [];

  it('creates an organisation whose creator is member, owner and now working in it', async () => {
    const m = await createMember(t, { username: 'org-creator', orgs: [1], nickname: 'C' });
    const r = await create(m.token, 'Creator Ltd');
    expect(r.code).toBe(200);
    const id = r.data?.id ?? 0;
    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.id, id));
    expect(org).toMatchObject({ name: 'Creator Ltd', ownerId: m.id });
    expect(org?.inviteCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    const list = await mine(m.token);
    expect(list.map((o) => o.name)).toEqual(['Platform', 'Creator Ltd']);
    expect(list.find((o) => o.id === id)).toMatchObject({ current: true, invite_code: org?.inviteCode });
    expect(list.find((o) => o.id === 1)?.invite_code).toBeUndefined();
  });

  it('gives the owner a role with the organisation-level menus and buttons, not the platform\'s', async () => {
    const m = await createMember(t, { username: 'org-owner', nickname: 'O' });
    const id = (await create(m.token, 'Owner Ltd')).data?.id ?? 0;
    const [role] = await t.database.db.select().from(userRoles).where(and(eq(userRoles.userId, m.id), eq(userRoles.orgId, id)));
    expect(role).toBeDefined();
    const menuNames = (await t.database.db.select({ name: menus.name }).from(roleMenus).innerJoin(menus, eq(menus.id, roleMenus.menuId)).where(eq(roleMenus.roleId, role?.roleId ?? 0))).map((r) => r.name);
    expect(menuNames).toEqual(expect.arrayContaining(['system', 'system-user', 'system-role', 'equipment', 'portal-sms']));
    for (const platform of ['system-permission', 'system-button', 'system-organization']) expect(menuNames).not.toContain(platform);
    const keys = (await t.database.db.select({ key: buttons.key }).from(roleButtons).innerJoin(buttons, eq(buttons.id, roleButtons.buttonId)).where(eq(roleButtons.roleId, role?.roleId ?? 0))).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['system.webmaster.form_select', 'portal.sms.list', 'system.user.succession', 'system.domain_config.form']));
    expect(keys.filter(isPlatformKey)).toEqual([]);
    const info = await t.post<{ btnlist: string[] }>('/admin/index/info', {}, { token: m.token });
    expect(info.data?.btnlist).toContain('portal.sms.list');
  });

  it('requires a name', async () => {
    const m = await createMember(t, { username: 'org-noname', nickname: 'N' });
    expect(await create(m.token, ' ')).toMatchObject({ code: Code.VALIDATION, field: 'name' });
  });

  it('joins by invitation code, typed in any case with spaces around it', async () => {
    const owner = await createMember(t, { username: 'org-inviter', nickname: 'I' });
    const id = (await create(owner.token, 'Inviting Ltd')).data?.id ?? 0;
    const code = (await mine(owner.token)).find((o) => o.id === id)?.invite_code ?? '';
    const joiner = await createMember(t, { username: 'org-joiner', nickname: 'J' });
    const r = await t.post<OrganizationOption>(PATH, { method: 'join', code: `  ${code.toLowerCase()} ` }, { token: joiner.token });
    expect(r.code).toBe(200);
    expect(r.data).toEqual({ id, name: 'Inviting Ltd' });
    const detail = await t.post<PersonalDataDetailAnswer>('/admin/system/personal_data', { method: 'detail' }, { token: joiner.token });
    expect(detail.data?.organization).toEqual([{ id, name: 'Inviting Ltd' }]);
    // Someone with no organisation starts working in the one joined.
    expect(detail.data?.or).toEqual({ o_id: id, name: 'Inviting Ltd' });
  });

  it('refuses an unknown code and a second join', async () => {
    const m = await createMember(t, { username: 'org-twice', orgs: [1], nickname: 'T' });
    expect(await t.post(PATH, { method: 'join', code: 'NOPE00000000' }, { token: m.token })).toMatchObject({ code: Code.NOT_FOUND, field: 'code' });
    const [platform] = await t.database.db.select().from(organizations).where(eq(organizations.id, 1));
    expect(await t.post(PATH, { method: 'join', code: platform?.inviteCode }, { token: m.token })).toMatchObject({ code: Code.CONFLICT, field: 'code' });
  });

  it('does not let anyone join a disabled organisation', async () => {
    const owner = await createMember(t, { username: 'org-closing', nickname: 'Cl' });
    const id = (await create(owner.token, 'Closing Ltd')).data?.id ?? 0;
    const [org] = await t.database.db.update(organizations).set({ status: 0 }).where(eq(organizations.id, id)).returning();
    const m = await createMember(t, { username: 'org-late', nickname: 'Late' });
    expect((await t.post(PATH, { method: 'join', code: org?.inviteCode }, { token: m.token })).code).toBe(Code.NOT_FOUND);
  });

  it('needs a session', async () => {
    expect((await t.post(PATH, { method: 'mine' })).code).toBe(Code.NOT_LOGGED_IN);
  });
});
