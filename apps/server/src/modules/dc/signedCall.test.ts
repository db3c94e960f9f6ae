import { createHash, createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, DC_STATS_PATH, SIGNATURE_HEADERS, signatureBase, type CallStatsAnswer, type ServiceSecretAnswer } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const SERVICE = '/admin/dc/service';
const AUDIT = '/admin/dc/audit';
const QUOTE = '/admin/business/quotation';

interface Answer { code: number; msg: string; field?: string; data?: Record<string, unknown> & { list?: { customer: string }[]; retryAfter?: number } }
interface Credentials { app_key: string; app_secret: string }
interface SignOptions { timestamp?: number; nonce?: string; secret?: string; signedBody?: string; path?: string }

/**
 * Signed calls as an integrator's server makes them: a plain HTTP client (fetch) signing each request the way
 * docs/developer-api.md tells — no session, no console.
 */
describe.each(engines)('signed developer calls (%s)', (engine) => {
  let t: TestApp;
  let clock = new Date('2026-06-01T10:00:05Z');
  let owner: MadeUser;
  let outsider: MadeUser;
  let creds: Credentials;

  /** A service registered by `owner` with these scopes, approved by the platform, its secret issued. */
  const approvedService = async (scopes: string): Promise<{ id: number; creds: Credentials }> => {
    const admin = await t.login();
    const reg = await t.post<{ id: number }>(SERVICE, { method: 'add', name: `Integrator ${Math.random()}`, callback_url: 'https://example.com/hook', scopes }, { token: owner.token });
    expect(reg.code, reg.msg).toBe(200);
    const id = reg.data!.id;
    expect((await t.post(AUDIT, { method: 'agree', id }, { token: admin })).code).toBe(200);
    const secret = await t.post<ServiceSecretAnswer>(SERVICE, { method: 'reset_secret', id }, { token: owner.token });
    expect(secret.code, secret.msg).toBe(200);
    return { id, creds: { app_key: secret.data!.app_key, app_secret: secret.data!.app_secret } };
  };

  beforeAll(async () => {
    t = await startTestApp({ engine, services: { now: () => clock } });
    const orgA = await makeOrg(t, 'Signed A');
    owner = await makeUser(t, orgA, 'all');
    outsider = await makeUser(t, await makeOrg(t, 'Signed B'), 'all');
    ({ creds } = await approvedService('business.quotation.add, business.quotation.list'));
  }, 120_000);
  afterAll(async () => t.close());

  /** POSTs `body` as JSON, signed as documented; options spoil one part of it. */
  const signed = async (path: string, body: unknown, o: SignOptions = {}, c: Credentials = creds): Promise<Answer> => {
    const raw = JSON.stringify(body);
    const timestamp = String(o.timestamp ?? Math.floor(clock.getTime() / 1000));
    const nonce = o.nonce ?? randomBytes(16).toString('hex');
    const key = createHash('sha256').update(o.secret ?? c.app_secret).digest('hex');
    const bodyHash = createHash('sha256').update(o.signedBody ?? raw).digest('hex');
    const signature = createHmac('sha256', key).update(signatureBase('POST', `/v3${o.path ?? path}`, timestamp, nonce, bodyHash)).digest('hex');
    const res = await fetch(`${t.url}/v3${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json', [SIGNATURE_HEADERS.appKey]: c.app_key, [SIGNATURE_HEADERS.timestamp]: timestamp,
        [SIGNATURE_HEADERS.nonce]: nonce, [SIGNATURE_HEADERS.signature]: signature,
      },
      body: raw,
    });
    return (await res.json()) as Answer;
  };
  const expectRefused = (r: Answer, field: string) => {
    expect(r.code, r.msg).toBe(Code.SIGNATURE_INVALID);
    expect(r.field).toBe(field);
  };

  it('accepts a correctly signed call, as the registrant within its organisation', async () => {
    const add = await signed(QUOTE, { method: 'add', customer: 'Signed Customer' });
    expect(add.code, add.msg).toBe(200);
    const list = await signed(QUOTE, { method: 'list', keyword: 'Signed Customer' });
    expect(list.code, list.msg).toBe(200);
    expect(list.data?.list?.map((q) => q.customer)).toEqual(['Signed Customer']);
    // The row is the organisation's: its staff see it, another organisation does not.
    expect((await t.post<{ total: number }>(QUOTE, { method: 'list', keyword: 'Signed Customer' }, { token: owner.token })).data?.total).toBe(1);
    expect((await t.post<{ total: number }>(QUOTE, { method: 'list', keyword: 'Signed Customer' }, { token: outsider.token })).data?.total).toBe(0);
  });

  it('refuses a wrong signature, a changed body or a changed path (1018 naming x-gx-signature)', async () => {
    expectRefused(await signed(QUOTE, { method: 'list' }, { secret: 'not-the-secret' }), SIGNATURE_HEADERS.signature);
    expectRefused(await signed(QUOTE, { method: 'add', customer: 'Tampered' }, { signedBody: JSON.stringify({ method: 'list' }) }), SIGNATURE_HEADERS.signature);
    expectRefused(await signed(QUOTE, { method: 'list' }, { path: '/admin/business/quote_device' }), SIGNATURE_HEADERS.signature);
    expect((await t.post<{ total: number }>(QUOTE, { method: 'list', keyword: 'Tampered' }, { token: owner.token })).data?.total).toBe(0);
  });

  it('refuses a timestamp more than five minutes off, either way (1018 naming x-gx-timestamp)', async () => {
    const now = Math.floor(clock.getTime() / 1000);
    expectRefused(await signed(QUOTE, { method: 'list' }, { timestamp: now - 301 }), SIGNATURE_HEADERS.timestamp);
    expectRefused(await signed(QUOTE, { method: 'list' }, { timestamp: now + 301 }), SIGNATURE_HEADERS.timestamp);
    expect((await signed(QUOTE, { method: 'list' }, { timestamp: now - 299 })).code).toBe(200);
  });

  it('refuses a nonce used before within ten minutes (1018 naming x-gx-nonce), and forgets it after', async () => {
    const nonce = randomBytes(16).toString('hex');
    expect((await signed(QUOTE, { method: 'list' }, { nonce })).code).toBe(200);
    expectRefused(await signed(QUOTE, { method: 'list' }, { nonce }), SIGNATURE_HEADERS.nonce);
    clock = new Date(clock.getTime() + 9 * 60_000);
    expectRefused(await signed(QUOTE, { method: 'list' }, { nonce }), SIGNATURE_HEADERS.nonce);
    clock = new Date(clock.getTime() + 2 * 60_000);
    expect((await signed(QUOTE, { method: 'list' }, { nonce })).code).toBe(200);
  });

  it('refuses an unknown app key, a missing header and a malformed nonce (1018 naming the header)', async () => {
    expectRefused(await signed(QUOTE, { method: 'list' }, {}, { ...creds, app_key: 'gxak_000000000000000000000000' }), SIGNATURE_HEADERS.appKey);
    expectRefused(await signed(QUOTE, { method: 'list' }, { nonce: 'short' }), SIGNATURE_HEADERS.nonce);
    const res = await fetch(`${t.url}/v3${QUOTE}`, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADERS.appKey]: creds.app_key }, body: '{"method":"list"}' });
    expectRefused((await res.json()) as Answer, SIGNATURE_HEADERS.timestamp);
  });

  it('limits a call to the service\'s scopes (1003)', async () => {
    expect((await signed(QUOTE, { method: 'remove', id: 1 })).code).toBe(Code.FORBIDDEN);
    expect((await signed('/admin/system/user', { method: 'list' })).code).toBe(Code.FORBIDDEN);
    // A call any signed-in user may make is still not an application's.
    expect((await signed('/admin/index/info', {})).code).toBe(Code.FORBIDDEN);
  });

  it('stops a revoked service at once', async () => {
    const other = await approvedService('business.quotation.list');
    expect((await signed(QUOTE, { method: 'list' }, {}, other.creds)).code).toBe(200);
    // The owner revokes the key on "my services" (another organisation cannot); its next call is refused.
    expect((await t.post(SERVICE, { method: 'revoke', id: other.id }, { token: outsider.token })).code).toBe(Code.NOT_FOUND);
    expect((await signed(QUOTE, { method: 'list' }, {}, other.creds)).code).toBe(200);
    const revoked = await t.post<{ state: string }>(SERVICE, { method: 'revoke', id: other.id }, { token: owner.token });
    expect(revoked.code, revoked.msg).toBe(200);
    expect(revoked.data!.state).toBe('revoked');
    expectRefused(await signed(QUOTE, { method: 'list' }, {}, other.creds), SIGNATURE_HEADERS.appKey);
  });

  it('limits calls per service per minute (1010 with retryAfter), counting anew the next minute', async () => {
    const limited = await approvedService('business.quotation.list');
    // The platform sets the limit on the audit page; the owner cannot, and a limit below 1 names the field.
    const admin = await t.login();
    expect((await t.post(AUDIT, { method: 'set_rate_limit', id: limited.id, rate_limit: 2 }, { token: owner.token })).code).toBe(Code.FORBIDDEN);
    expect(await t.post(AUDIT, { method: 'set_rate_limit', id: limited.id, rate_limit: 0 }, { token: admin })).toMatchObject({ code: Code.VALIDATION, field: 'rate_limit' });
    expect((await t.post(AUDIT, { method: 'set_rate_limit', id: limited.id, rate_limit: 2 }, { token: admin })).code).toBe(200);
    expect((await t.post<{ rate_limit: number }>(SERVICE, { method: 'detail', id: limited.id }, { token: owner.token })).data!.rate_limit).toBe(2);
    clock = new Date(Math.ceil(clock.getTime() / 60_000) * 60_000 + 10_000);
    expect((await signed(QUOTE, { method: 'list' }, {}, limited.creds)).code).toBe(200);
    expect((await signed(QUOTE, { method: 'list' }, {}, limited.creds)).code).toBe(200);
    const third = await signed(QUOTE, { method: 'list' }, {}, limited.creds);
    expect(third.code).toBe(Code.TOO_MANY_ATTEMPTS);
    expect(third.data?.retryAfter).toBe(50);
    // Other services keep their own budget.
    expect((await signed(QUOTE, { method: 'list' })).code).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    expect((await signed(QUOTE, { method: 'list' }, {}, limited.creds)).code).toBe(200);
  });

  it('counts each service\'s calls, errors and times per day for the developer dashboard, within its organisation', async () => {
    const counted = await approvedService('business.quotation.list');
    const day = clock.toISOString().slice(0, 10);
    for (let i = 0; i < 3; i++) expect((await signed(QUOTE, { method: 'list' }, {}, counted.creds)).code).toBe(200);
    // Outside its scopes: an error of this service; a bad signature is nobody's call.
    expect((await signed(QUOTE, { method: 'add', name: 'x' }, {}, counted.creds)).code).toBe(Code.FORBIDDEN);
    expectRefused(await signed(QUOTE, { method: 'list' }, {}, { ...counted.creds, app_secret: 'wrong' }), SIGNATURE_HEADERS.signature);
    await t.app.callStats!.flush();
    const stats = await t.post<CallStatsAnswer>(DC_STATS_PATH, { method: 'summary', days: 7, service_id: counted.id }, { token: owner.token });
    expect(stats.code, stats.msg).toBe(200);
    expect(stats.data!.days).toHaveLength(7);
    expect(stats.data!.days.at(-1)).toMatchObject({ day, calls: 4, errors: 1 });
    expect(stats.data!.days.slice(0, -1).every((d) => d.calls === 0)).toBe(true);
    expect(stats.data!.services).toEqual([expect.objectContaining({ id: counted.id, calls: 4, errors: 1 })]);
    expect(stats.data!.totals).toMatchObject({ calls: 4, errors: 1 });
    // All of the organisation's services together; another organisation sees neither them nor this one by id.
    const all = await t.post<CallStatsAnswer>(DC_STATS_PATH, { method: 'summary', days: 14 }, { token: owner.token });
    expect(all.data!.totals.calls).toBeGreaterThanOrEqual(4);
    expect(all.data!.services.some((s) => s.id === counted.id)).toBe(true);
    expect((await t.post(DC_STATS_PATH, { method: 'summary', service_id: counted.id }, { token: outsider.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post<CallStatsAnswer>(DC_STATS_PATH, { method: 'summary' }, { token: outsider.token })).data!.services.some((s) => s.id === counted.id)).toBe(false);
    expect(await t.post(DC_STATS_PATH, { method: 'summary', days: 91 }, { token: owner.token })).toMatchObject({ code: Code.VALIDATION, field: 'days' });
  });
});
