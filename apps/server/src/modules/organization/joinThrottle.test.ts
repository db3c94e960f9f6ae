import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, type MyOrganization, type OrganizationOption } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { createMember } from '../../testing/members';
import { organizations } from '../../db/schema';
import { JOIN_MAX_PER_IP, JOIN_MAX_PER_USER } from './inviteCode';

const PATH = '/admin/system/organization';

/** Joining by code is throttled like sign-in (per user and per IP), and codes expire. */
describe.each(engines)('joining an organisation by code (%s)', (engine) => {
  let t: TestApp;
  let owner: { id: number; token: string };
  let orgId: number;
  let code: string;
  // Behind a proxy the client address comes from X-Forwarded-For, so each test speaks from its own address.
  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on' } });
    owner = await createMember(t, { username: 'jt-owner', nickname: 'Owner' });
    orgId = (await t.post<OrganizationOption>(PATH, { method: 'form', name: 'Join Throttle Ltd' }, { token: owner.token })).data!.id;
    code = (await mine(owner.token)).find((o) => o.id === orgId)!.invite_code!;
  });
  afterAll(async () => t.close());

  const mine = async (token: string) => (await t.post<{ list: MyOrganization[] }>(PATH, { method: 'mine' }, { token })).data?.list ?? [];
  const join = (token: string, c: string, ip: string) =>
    t.post<OrganizationOption>(PATH, { method: 'join', code: c }, { token, headers: { 'x-forwarded-for': ip } });

  it('refuses a user with 1010 and retryAfter after too many wrong codes, even with the right one; others are unaffected', async () => {
    const guesser = await createMember(t, { username: 'jt-guesser', nickname: 'G' });
    for (let i = 0; i < JOIN_MAX_PER_USER; i++) {
      expect(await join(guesser.token, `WRONG${String(i).padStart(11, '0')}`, '10.0.1.1')).toMatchObject({ code: Code.NOT_FOUND, field: 'code' });
    }
    const refused = await join(guesser.token, code, '10.0.1.2');
    expect(refused.code).toBe(Code.TOO_MANY_ATTEMPTS);
    expect((refused.data as unknown as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    const honest = await createMember(t, { username: 'jt-honest', nickname: 'H' });
    expect((await join(honest.token, code, '10.0.1.1')).code).toBe(200);
  });

  it('refuses an address with 1010 after too many wrong codes from it, whoever sends them', async () => {
    const perUser = JOIN_MAX_PER_USER;
    for (let u = 0; u * perUser < JOIN_MAX_PER_IP; u++) {
      const m = await createMember(t, { username: `jt-bot${u}`, nickname: 'B' });
      for (let i = 0; i < Math.min(perUser, JOIN_MAX_PER_IP - u * perUser); i++) {
        expect((await join(m.token, `BAD${String(u * perUser + i).padStart(13, '0')}`, '10.0.2.1')).code).toBe(Code.NOT_FOUND);
      }
    }
    const fresh = await createMember(t, { username: 'jt-fresh', nickname: 'F' });
    expect((await join(fresh.token, code, '10.0.2.1')).code).toBe(Code.TOO_MANY_ATTEMPTS);
    expect((await join(fresh.token, code, '10.0.2.2')).code).toBe(200);
  });

  it('stops admitting with an expired code; the owner is then shown a fresh one that works', async () => {
    await t.database.db.update(organizations).set({ inviteExpiresAt: new Date(Date.now() - 1000) }).where(eq(organizations.id, orgId));
    const late = await createMember(t, { username: 'jt-late', nickname: 'L' });
    expect(await join(late.token, code, '10.0.3.1')).toMatchObject({ code: Code.NOT_FOUND, field: 'code' });
    const shown = (await mine(owner.token)).find((o) => o.id === orgId)!;
    expect(shown.invite_code).not.toBe(code);
    expect(shown.invite_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(new Date(shown.invite_expires_at!).getTime()).toBeGreaterThan(Date.now());
    expect((await join(late.token, shown.invite_code!, '10.0.3.1')).code).toBe(200);
    expect((await join(late.token, code, '10.0.3.1')).code).toBe(Code.NOT_FOUND);
  });
});
