import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, md5 } from '@gx/contract';
import { ADMIN_PASSWORD, engines, startTestApp, type TestApp } from '../../testing/testApp';
import { sessions, users } from '../../db/schema';
import { revokeSessionsOf } from '../../auth/session';
import { hashToken } from '../../auth/token';

describe.each(engines)('login and sessions (%s)', (engine) => {
  let t: TestApp;
  let clock = new Date();
  beforeAll(async () => {
    t = await startTestApp({ engine, services: { now: () => clock } });
  });
  afterAll(async () => t.close());

  it('signs in with the MD5 of the password and answers {code:200, token}', async () => {
    const r = await t.post('/admin/index/login', { username: '  admin ', password: md5(ADMIN_PASSWORD), code: '' });
    expect(r.code).toBe(200);
    expect(typeof r.token).toBe('string');
    expect((r.token as string).length).toBeGreaterThanOrEqual(43);
  });

  it('accepts the form-urlencoded body the console sends', async () => {
    const body = new URLSearchParams({ username: 'admin', password: md5(ADMIN_PASSWORD), code: '' }).toString();
    const r = await t.post('/admin/index/login', body, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.code).toBe(200);
  });

  it('stores a salted scrypt of the MD5, never the MD5, and only a hash of the token', async () => {
    const token = await t.login();
    const [u] = await t.database.db.select().from(users).where(eq(users.id, 1));
    expect(u?.passwordHash.startsWith('scrypt$')).toBe(true);
    expect(u?.passwordHash).not.toContain(md5(ADMIN_PASSWORD));
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const raw = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(raw).toHaveLength(0);
  });

  it('refuses a wrong password with the bad-credentials code', async () => {
    const r = await t.post('/admin/index/login', { username: 'admin', password: md5('wrong-password1'), code: '' });
    expect(r.code).toBe(Code.BAD_CREDENTIALS);
  });

  it('answers 1002 without a token and with an unknown token', async () => {
    expect((await t.post('/admin/index/info')).code).toBe(Code.NOT_LOGGED_IN);
    expect((await t.post('/admin/index/info', {}, { token: 'not-a-real-token' })).code).toBe(Code.NOT_LOGGED_IN);
  });

  it('answers 1004 once the session has expired, and slides the expiry while in use', async () => {
    const token = await t.login();
    const ttl = t.config.sessionTtlSeconds * 1000;
    clock = new Date(clock.getTime() + ttl - 1000);
    expect((await t.post('/admin/index/info', {}, { token })).code).toBe(200);
    clock = new Date(clock.getTime() + ttl - 1000);
    expect((await t.post('/admin/index/info', {}, { token })).code).toBe(200);
    clock = new Date(clock.getTime() + ttl + 1000);
    expect((await t.post('/admin/index/info', {}, { token })).code).toBe(Code.SESSION_EXPIRED);
    clock = new Date();
  });

  it('answers 1005 after logout, and logout itself answers 200', async () => {
    const token = await t.login();
    expect((await t.post('/admin/index/logout', {}, { token })).code).toBe(200);
    expect((await t.post('/admin/index/info', {}, { token })).code).toBe(Code.SESSION_REVOKED);
  });

  it('answers 1005 on every other session when the password changes', async () => {
    const a = await t.login();
    const b = await t.login();
    const [keep] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(b)));
    await revokeSessionsOf(t.database.db, 1, 'password_changed', new Date(), keep?.id);
    expect((await t.post('/admin/index/info', {}, { token: a })).code).toBe(Code.SESSION_REVOKED);
    expect((await t.post('/admin/index/info', {}, { token: b })).code).toBe(200);
  });

  it('gives the administrator its user info and the whole menu tree', async () => {
    const token = await t.login();
    const info = await t.post<{ id: number; isAdmin: boolean; btnlist: string[]; name: string }>('/admin/index/info', {}, { token });
    expect(info.data).toMatchObject({ id: 1, isAdmin: true, name: 'Administrator' });
    expect(Array.isArray(info.data?.btnlist)).toBe(true);
    const menu = await t.post<{ children: unknown[] }[]>('/admin/index/menu', {}, { token });
    const count = (list: { children: unknown[] }[]): number => list.reduce((n, m) => n + 1 + count(m.children as { children: unknown[] }[]), 0);
    expect(count(menu.data ?? [])).toBeGreaterThanOrEqual(30);
  });

  it('writes logins and logouts to the operation log', async () => {
    const { operationLog } = await import('../../db/schema');
    const rows = await t.database.db.select().from(operationLog);
    const actions = new Set(rows.map((r) => r.action));
    expect(actions.has('login')).toBe(true);
    expect(actions.has('logout')).toBe(true);
    expect(actions.has('login_failed')).toBe(true);
  });

  it('serves the default brand publicly, with the captcha setting', async () => {
    const r = await t.post<{ domain_oem: number; captcha: boolean }>('/admin/index/domain_config');
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ domain_oem: 0, captcha: false });
  });
});

describe.each(engines)('login throttling (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ engine }); });
  afterAll(async () => t.close());

  it('refuses a username with the too-many-attempts code after repeated failures, even with the right password', async () => {
    for (let i = 0; i < t.config.throttle.maxPerUser; i++) {
      const r = await t.post('/admin/index/login', { username: 'admin', password: md5(`wrong${i}x`), code: '' });
      expect(r.code).toBe(Code.BAD_CREDENTIALS);
    }
    const r = await t.post<{ retryAfter: number }>('/admin/index/login', { username: 'admin', password: md5(ADMIN_PASSWORD), code: '' });
    expect(r.code).toBe(Code.TOO_MANY_ATTEMPTS);
    expect(r.data?.retryAfter).toBeGreaterThan(0);
  });

  it('throttles one IP across usernames', async () => {
    let last = 0;
    for (let i = 0; i < t.config.throttle.maxPerIp + 1; i++) {
      last = (await t.post('/admin/index/login', { username: `nobody${i}`, password: md5('whatever1'), code: '' })).code;
    }
    expect(last).toBe(Code.TOO_MANY_ATTEMPTS);
  });
});

describe.each(engines)('captcha (%s)', (engine) => {
  let t: TestApp;
  let clock = new Date();
  beforeAll(async () => {
    t = await startTestApp({ engine, env: { LOGIN_CAPTCHA: 'on' }, services: { captchaText: () => 'K7PQ', now: () => clock } });
  });
  afterAll(async () => t.close());

  async function challenge(): Promise<string> {
    const res = await fetch(`${t.url}/v3/admin/index/captcha`);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('<svg');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain('HttpOnly');
    return cookie.split(';')[0] ?? '';
  }
  const login = (code: string, cookie?: string) =>
    t.post('/admin/index/login', { username: 'admin', password: md5(ADMIN_PASSWORD), code }, { headers: cookie ? { cookie } : {} });

  it('is announced by domain_config', async () => {
    expect((await t.post<{ captcha: boolean }>('/admin/index/domain_config')).data?.captcha).toBe(true);
  });
  it('refuses a login without a challenge or with a wrong answer', async () => {
    expect((await login('K7PQ')).code).toBe(Code.CAPTCHA_WRONG);
    expect((await login('AAAA', await challenge())).code).toBe(Code.CAPTCHA_WRONG);
  });
  it('accepts the right answer once, case-insensitively, and never twice', async () => {
    const cookie = await challenge();
    expect((await login('k7pq', cookie)).code).toBe(200);
    expect((await login('K7PQ', cookie)).code).toBe(Code.CAPTCHA_WRONG);
  });
  it('belongs to the browser that loaded it: another browser\'s cookie is another challenge', async () => {
    const mine = await challenge();
    await challenge();
    expect((await login('K7PQ', mine)).code).toBe(200);
  });
  it('expires after a short time', async () => {
    const cookie = await challenge();
    clock = new Date(clock.getTime() + 5 * 60 * 1000);
    expect((await login('K7PQ', cookie)).code).toBe(Code.CAPTCHA_WRONG);
    clock = new Date();
  });
});
