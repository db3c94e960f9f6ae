import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, md5 } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { createMember, createOrganization, MEMBER_PASSWORD } from '../../testing/members';
import { organizations } from '../../db/schema';

const KEYS = ['system.user.list', 'system.role.add'];

/** A disabled organisation stops working at once: its sessions end, and sign-in goes elsewhere or is refused. */
describe.each(engines)('disabling an organisation (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
  });
  afterAll(async () => t.close());

  const info = (token: string) => t.post<{ org: { id: number } | null }>('/admin/index/info', {}, { token });

  it('revokes its members\' sessions there, lands a member of another organisation there, refuses one with none left', async () => {
    const z = await createOrganization(t, 'Zeta');
    const y = await createOrganization(t, 'Ypsilon');
    const both = await createMember(t, { username: 'od-both', orgs: [z, y], keys: KEYS });
    const only = await createMember(t, { username: 'od-only', orgs: [z], keys: KEYS });
    expect((await t.post('/admin/system/user', { method: 'list' }, { token: both.token })).code).toBe(200);

    expect((await t.post('/admin/system/organization', { method: 'disable', id: z }, { token: admin })).code).toBe(200);
    for (const token of [both.token, only.token]) {
      expect((await t.post('/admin/system/user', { method: 'list' }, { token })).code).toBe(Code.SESSION_REVOKED);
      expect((await t.post('/admin/system/role', { method: 'add', name: 'Late role' }, { token })).code).toBe(Code.SESSION_REVOKED);
    }

    const again = await t.login('od-both', MEMBER_PASSWORD);
    expect((await info(again)).data?.org?.id).toBe(y);
    const refused = await t.post('/admin/index/login', { username: 'od-only', password: md5(MEMBER_PASSWORD), code: '' });
    expect(refused.code).toBe(Code.ORGANIZATION_DISABLED);

    // Enabling the organisation again brings no revoked session back: its members sign in anew.
    expect((await t.post('/admin/system/organization', { method: 'enable', id: z }, { token: admin })).code).toBe(200);
    for (const token of [both.token, only.token]) {
      expect((await t.post('/admin/system/user', { method: 'list' }, { token })).code).toBe(Code.SESSION_REVOKED);
      expect((await info(token)).code).toBe(Code.SESSION_REVOKED);
    }
    const back = await t.login('od-only', MEMBER_PASSWORD);
    expect((await info(back)).data?.org?.id).toBe(z);
    expect((await t.post('/admin/system/user', { method: 'list' }, { token: back })).code).toBe(200);
  });

  it('re-checks the organisation on every request, whatever disabled it', async () => {
    const w = await createOrganization(t, 'Omega');
    const m = await createMember(t, { username: 'od-direct', orgs: [w], keys: KEYS });
    expect((await t.post('/admin/system/user', { method: 'list' }, { token: m.token })).code).toBe(200);
    await t.database.db.update(organizations).set({ status: 0 }).where(eq(organizations.id, w));
    // Written behind the server's back, the change reaches its held callers as the database's notification, which
    // PostgreSQL delivers on another connection a moment after the commit (PGlite at once): refused once it lands.
    await expect.poll(async () => (await t.post('/admin/system/user', { method: 'list' }, { token: m.token })).code, { timeout: 5_000, interval: 20 })
      .toBe(Code.SESSION_REVOKED);
  });

  it('keeps a member without any organisation able to sign in, to join or create one', async () => {
    await createMember(t, { username: 'od-nobody' });
    const token = await t.login('od-nobody', MEMBER_PASSWORD);
    expect((await info(token)).code).toBe(200);
  });
});
