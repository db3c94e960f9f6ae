import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  Api, Code, md5, WECHAT_TICKET_TTL_SECONDS, type ExchangeAuthAnswer, type LoginAnswer, type UserInfo, type WechatBindData,
  type WechatLoginUrl, type WechatTicketDetail,
} from '@gx/contract';
import { users, wechatBindings } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { accountFields, callFrom, captchaCookie, insertAccount, lastSmsCode, sendRegisterCode } from '../../testing/accounts';
import { localWechatProvider } from '../../providers/wechat/local';

const CAPTCHA = 'K7PQ';
const PASSWORD = 'Secret#2026';

describe.each(engines)('signing in with WeChat (%s)', (engine) => {
  let t: TestApp;
  let clock = new Date();
  const later = (seconds: number) => { clock = new Date(clock.getTime() + seconds * 1000); };
  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on', LOGIN_CAPTCHA: 'on' }, services: { now: () => clock, captchaText: () => CAPTCHA } });
  });
  afterAll(async () => t.close());

  const nicknameOf = async (code: string) => {
    const r = await localWechatProvider().exchange(code);
    if (!r.ok) throw new Error(r.error);
    return r.identity.nickname;
  };
  /** The login page's "WeChat": a fresh state inside the authorise URL. */
  const loginState = async (ip: string) => {
    const r = await callFrom<WechatLoginUrl>(t, ip, Api.index.exchangeAuth, { method: 'url' });
    expect(r.code, r.msg).toBe(200);
    return new URL(r.data!.url).searchParams.get('state') ?? '';
  };
  /** WeChat came back to /wxlogin with `code` (the same code is always the same WeChat account). */
  const exchange = (ip: string, code: string, state: string) => callFrom<ExchangeAuthAnswer>(t, ip, Api.index.exchangeAuth, { code, state });
  const scan = async (ip: string, code: string) => exchange(ip, code, await loginState(ip));
  const ticketOf = async (ip: string, code: string) => {
    const r = await scan(ip, code);
    expect(r.data).toMatchObject({ signed_in: false, nickname: await nicknameOf(code), expires_in: WECHAT_TICKET_TTL_SECONDS });
    return (r.data as { ticket: string }).ticket;
  };
  const page = (ip: string, body: Record<string, unknown>, cookie = '') => callFrom<LoginAnswer & WechatTicketDetail>(t, ip, Api.shell.wechatRegister, body, cookie);
  const bind = async (ip: string, ticket: string, username: string, password = PASSWORD, answer = CAPTCHA) =>
    page(ip, { method: 'bind', ticket, username, password: md5(password), code: answer }, await captchaCookie(t, ip));
  const infoOf = async (token: string) => (await t.post<UserInfo>(Api.index.info, {}, { token })).data;
  const boundTo = async (userId: number) => (await t.database.db.select().from(wechatBindings).where(eq(wechatBindings.userId, userId)))[0];

  it('answers where to scan: the provider\'s page, returning to /wxlogin with a single-use state', async () => {
    const r = await callFrom<WechatLoginUrl>(t, '203.0.113.1', Api.index.exchangeAuth, { method: 'url' });
    expect(r.data?.url).toMatch(new RegExp(`^${t.url}/wxlogin\\?code=local-[0-9a-f]+&state=[0-9a-f]{32}$`));
  });

  it('signs in the account an identity is bound to; the state works once and only for sign-in', async () => {
    const ip = '203.0.113.2';
    const ticket = await ticketOf(ip, 'wx-alice');
    const alice = await insertAccount(t, { username: 'wx_alice', orgId: 1 });
    expect((await bind(ip, ticket, 'wx_alice')).code).toBe(200);

    const state = await loginState(ip);
    const r = await exchange(ip, 'wx-alice', state);
    expect(r.data).toMatchObject({ signed_in: true });
    const token = (r.data as { token: string }).token;
    expect(await infoOf(token)).toMatchObject({ id: alice, username: 'wx_alice', org: { id: 1 } });
    expect(await exchange(ip, 'wx-alice', state)).toMatchObject({ code: Code.VALIDATION, field: 'state' });
    expect(await exchange(ip, 'wx-alice', 'never-issued')).toMatchObject({ code: Code.VALIDATION, field: 'state' });

    // A binding state (personal data, signed in) is not a sign-in state.
    const bindState = (await t.post<WechatBindData>(Api.shell.personalData, { method: 'we_chart', id: alice }, { token })).data!.state;
    expect(await exchange(ip, 'wx-alice', bindState)).toMatchObject({ code: Code.VALIDATION, field: 'state' });
  });

  it('a sign-in state expires', async () => {
    const state = await loginState('203.0.113.3');
    later(WECHAT_TICKET_TTL_SECONDS + 1);
    expect(await exchange('203.0.113.3', 'wx-late', state)).toMatchObject({ code: Code.VALIDATION, field: 'state' });
  });

  it('refuses a disabled account, whether it signs in by WeChat or binds a ticket', async () => {
    const ip = '203.0.113.4';
    const ticket = await ticketOf(ip, 'wx-dora');
    const dora = await insertAccount(t, { username: 'wx_dora', orgId: 1 });
    expect((await bind(ip, ticket, 'wx_dora')).code).toBe(200);
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.id, dora));
    expect(await scan(ip, 'wx-dora')).toMatchObject({ code: Code.ACCOUNT_DISABLED });

    const other = await ticketOf(ip, 'wx-dora-2');
    const eve = await insertAccount(t, { username: 'wx_eve', orgId: 1, status: 0 });
    expect(await bind(ip, other, 'wx_eve')).toMatchObject({ code: Code.ACCOUNT_DISABLED });
    expect(await boundTo(eve)).toBeUndefined();
    expect((await page(ip, { method: 'detail', ticket: other })).code).toBe(200);
  });

  it('binds an existing account by username, password and captcha, counting failures like sign-in', async () => {
    const ip = '203.0.113.5';
    const bob = await insertAccount(t, { username: 'wx_bob', orgId: 1 });
    let ticket = await ticketOf(ip, 'wx-bob');
    expect((await page(ip, { method: 'detail', ticket })).data).toMatchObject({ nickname: await nicknameOf('wx-bob'), expires_in: WECHAT_TICKET_TTL_SECONDS });

    expect(await bind(ip, ticket, 'wx_bob', PASSWORD, 'NOPE')).toMatchObject({ code: Code.CAPTCHA_WRONG, field: 'code' });
    expect(await bind(ip, ticket, 'wx_bob', 'Wrong#2026')).toMatchObject({ code: Code.BAD_CREDENTIALS });
    expect(await bind(ip, ticket, 'nobody_here')).toMatchObject({ code: Code.BAD_CREDENTIALS });
    for (let i = 2; i < t.config.throttle.maxPerUser; i++) expect((await bind(ip, ticket, 'wx_bob', 'Wrong#2026')).code).toBe(Code.BAD_CREDENTIALS);
    // The username is locked now, as at the sign-in form, even with the right password.
    expect(await bind(ip, ticket, 'wx_bob')).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS });
    // The lock outlasts the ticket: the visitor scans again.
    later(t.config.throttle.windowSeconds + 1);
    expect(await bind(ip, ticket, 'wx_bob')).toMatchObject({ code: Code.VALIDATION, field: 'ticket' });
    ticket = await ticketOf(ip, 'wx-bob');

    const r = await bind(ip, ticket, 'wx_bob');
    expect(r.code, r.msg).toBe(200);
    expect(await infoOf(r.data!.token)).toMatchObject({ id: bob });
    expect(await boundTo(bob)).toMatchObject({ nickname: await nicknameOf('wx-bob') });
    // Single use.
    expect(await page(ip, { method: 'detail', ticket })).toMatchObject({ code: Code.VALIDATION, field: 'ticket' });
    expect(await bind(ip, ticket, 'wx_bob')).toMatchObject({ code: Code.VALIDATION, field: 'ticket' });
    // From now on the same WeChat account signs bob in directly.
    expect((await scan(ip, 'wx-bob')).data).toMatchObject({ signed_in: true });
  });

  it('a ticket expires', async () => {
    const ip = '203.0.113.6';
    await insertAccount(t, { username: 'wx_slow' });
    const ticket = await ticketOf(ip, 'wx-slow');
    later(WECHAT_TICKET_TTL_SECONDS + 1);
    expect(await page(ip, { method: 'detail', ticket })).toMatchObject({ code: Code.VALIDATION, field: 'ticket' });
    expect(await bind(ip, ticket, 'wx_slow')).toMatchObject({ code: Code.VALIDATION, field: 'ticket' });
    expect(await page(ip, { method: 'detail', ticket: 'no-such-ticket' })).toMatchObject({ code: Code.VALIDATION, field: 'ticket' });
  });

  it('refuses an identity someone else bound meanwhile, naming the ticket', async () => {
    const ip = '203.0.113.7';
    const first = await ticketOf(ip, 'wx-shared');
    const second = await ticketOf(ip, 'wx-shared');
    const carol = await insertAccount(t, { username: 'wx_carol' });
    const dave = await insertAccount(t, { username: 'wx_dave' });
    expect((await bind(ip, first, 'wx_carol')).code).toBe(200);
    expect(await bind(ip, second, 'wx_dave')).toMatchObject({ code: Code.CONFLICT, field: 'ticket' });
    expect(await boundTo(dave)).toBeUndefined();
    expect(await boundTo(carol)).toMatchObject({ nickname: await nicknameOf('wx-shared') });
  });

  it('registers a new account by the rules of /register, bound to the identity and signed in', async () => {
    const ip = '203.0.113.8';
    const ticket = await ticketOf(ip, 'wx-newbie');
    expect((await sendRegisterCode(t, ip, '13500000001', CAPTCHA)).code).toBe(200);
    const code = await lastSmsCode(t, '13500000001');
    const register = (fields: Record<string, unknown>) => page(ip, { method: 'register', ticket, ...fields });

    await insertAccount(t, { username: 'wx_taken' });
    expect(await register(accountFields('wx_taken', '13500000001', code))).toMatchObject({ code: Code.CONFLICT, field: 'username' });
    expect(await register(accountFields('wx_newbie', '13500000001', code === '000000' ? '111111' : '000000'))).toMatchObject({ code: Code.VALIDATION, field: 'sms_code' });
    expect(await register({ ...accountFields('wx_newbie', '13500000001', code), accept_terms: false })).toMatchObject({ code: Code.VALIDATION, field: 'accept_terms' });
    const r = await register(accountFields('wx_newbie', '13500000001', code));
    expect(r.code, r.msg).toBe(200);
    const info = await infoOf(r.data!.token);
    expect(info).toMatchObject({ username: 'wx_newbie', name: await nicknameOf('wx-newbie'), org: null });
    expect(await boundTo(info!.id)).toMatchObject({ nickname: await nicknameOf('wx-newbie') });
    expect(await page(ip, { method: 'detail', ticket })).toMatchObject({ code: Code.VALIDATION, field: 'ticket' });
  });

  it('a used ticket registers nobody', async () => {
    const ip = '203.0.113.9';
    const ticket = await ticketOf(ip, 'wx-twice');
    await insertAccount(t, { username: 'wx_twice' });
    expect((await bind(ip, ticket, 'wx_twice')).code).toBe(200);
    expect((await sendRegisterCode(t, ip, '13500000002', CAPTCHA)).code).toBe(200);
    const code = await lastSmsCode(t, '13500000002');
    expect(await page(ip, { method: 'register', ticket, ...accountFields('wx_twice_b', '13500000002', code) }))
      .toMatchObject({ code: Code.VALIDATION, field: 'ticket' });
  });
});
