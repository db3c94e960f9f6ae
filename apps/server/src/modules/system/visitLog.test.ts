import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { createMember, createOrganization, MEMBER_PASSWORD } from '../../testing/members';

const KEYS = ['system.visit_log.list', 'system.visit_log.revoke'];
interface Page { list: { id: number; user_id: number }[]; total: number }

/** An organisation sees and ends only the sessions working in it, not those of its people working elsewhere. */
describe.each(engines)('visit log scoping (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ engine }); });
  afterAll(async () => t.close());

  it('shows and revokes a shared person\'s sessions only in the organisation they work in', async () => {
    const a = await createOrganization(t, 'Alpha sessions');
    const b = await createOrganization(t, 'Beta sessions');
    const aAdmin = await createMember(t, { username: 'vl-a-admin', orgs: [a], keys: KEYS });
    const bAdmin = await createMember(t, { username: 'vl-b-admin', orgs: [b], keys: KEYS });
    // Works in Beta, also belongs to Alpha.
    const shared = await createMember(t, { username: 'vl-shared', orgs: [b, a] });
    const list = async (token: string) =>
      (await t.post<Page>('/admin/system/visit_log', { method: 'list', user_id: shared.id, size: 100 }, { token })).data!.list.map((r) => r.id);

    const inBeta = await list(bAdmin.token);
    expect(inBeta).toHaveLength(1);
    expect(await list(aAdmin.token)).toEqual([]);
    const sessionId = inBeta[0]!;
    expect((await t.post('/admin/system/visit_log', { method: 'detail', id: sessionId }, { token: aAdmin.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post('/admin/system/visit_log', { method: 'revoke', id: sessionId }, { token: aAdmin.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post('/admin/index/info', {}, { token: shared.token })).code).toBe(200);

    // Switching to Alpha moves the open session there: now Alpha sees and may end it, Beta no longer can.
    expect((await t.post('/admin/system/personal_data', { method: 'organization_change', id: a }, { token: shared.token })).code).toBe(200);
    expect(await list(aAdmin.token)).toEqual([sessionId]);
    expect(await list(bAdmin.token)).toEqual([]);
    expect((await t.post('/admin/system/visit_log', { method: 'revoke', id: sessionId }, { token: bAdmin.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post('/admin/system/visit_log', { method: 'revoke', id: sessionId }, { token: aAdmin.token })).code).toBe(200);
    expect((await t.post('/admin/index/info', {}, { token: shared.token })).code).toBe(Code.SESSION_REVOKED);

    // A new sign-in works in Alpha (the current organisation), so Beta does not see it.
    await t.login('vl-shared', MEMBER_PASSWORD);
    expect(await list(bAdmin.token)).toEqual([]);
    expect(await list(aAdmin.token)).toHaveLength(2);
  });
});
