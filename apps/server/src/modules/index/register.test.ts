import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { Api, Code, md5, REGISTER_LIMITS, SMS_CODE_MAX_TRIES, type LoginAnswer, type UserInfo } from '@gx/contract';
import { operationLog, smsMessages } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { accountFields, callFrom, captchaCookie, insertAccount, lastSmsCode, sendRegisterCode } from '../../testing/accounts';
import { REGISTER_TEMPLATE } from './register';

const CAPTCHA = 'K7PQ';

describe.each(engines)('registration (%s)', (engine) => {
  let t: TestApp;
  let clock = new Date();
  const later = (seconds: number) => { clock = new Date(clock.getTime() + seconds * 1000); };
  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on', LOGIN_CAPTCHA: 'on' }, services: { now: () => clock, captchaText: () => CAPTCHA } });
  });
  afterAll(async () => t.close());

  const register = (ip: string, body: Record<string, unknown>) => callFrom<LoginAnswer>(t, ip, Api.index.register, body);
  /** A code sent to `phone` from `ip`, as the console does it. */
  const codeFor = async (ip: string, phone: string) => {
    const sent = await sendRegisterCode(t, ip, phone, CAPTCHA);
    expect(sent.code, sent.msg).toBe(200);
    return lastSmsCode(t, phone);
  };

  it('makes an account in no organisation from a phone its code proved, and signs it in as sign-in does', async () => {
    const sent = await sendRegisterCode(t, '198.51.100.1', '13900000001', CAPTCHA);
    expect(sent).toMatchObject({ code: 200, data: { resend_after: REGISTER_LIMITS.sendIntervalS, valid_min: REGISTER_LIMITS.codeValidityMin } });
    const [message] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.phone, '13900000001')).orderBy(desc(smsMessages.id)).limit(1);
    expect(message).toMatchObject({ templateCode: REGISTER_TEMPLATE, orgId: null, status: 'sent' });
    const code = await lastSmsCode(t, '13900000001');
    expect(code).toMatch(/^\d{6}$/);

    const r = await register('198.51.100.1', accountFields('new_person', '13900000001', code));
    expect(r.code, r.msg).toBe(200);
    const info = await t.post<UserInfo>(Api.index.info, {}, { token: r.data!.token });
    expect(info.data).toMatchObject({ username: 'new_person', org: null, roles: [], btnlist: [], isAdmin: false });
    expect(info.data!.id).toBeGreaterThan(3);
    const [entry] = await t.database.db.select().from(operationLog).where(eq(operationLog.action, 'register')).orderBy(desc(operationLog.id)).limit(1);
    expect(entry).toMatchObject({ username: 'new_person', target: String(info.data!.id) });

    // The password works at the sign-in form too (the captcha is on here, so through a challenge).
    const login = await callFrom(t, '198.51.100.1', Api.index.login, { username: 'NEW_PERSON', password: md5('Secret#2026'), code: CAPTCHA }, await captchaCookie(t, '198.51.100.1'));
    expect(login.code).toBe(200);
  });

  it('sends a code only past the captcha, to a valid phone no account has', async () => {
    const ip = '198.51.100.2';
    expect(await callFrom(t, ip, Api.index.register, { method: 'send_code', phone: '13900000002', code: CAPTCHA })).toMatchObject({ code: Code.CAPTCHA_WRONG, field: 'code' });
    expect(await sendRegisterCode(t, ip, '13900000002', 'WRONG')).toMatchObject({ code: Code.CAPTCHA_WRONG, field: 'code' });
    expect(await sendRegisterCode(t, ip, '12345', CAPTCHA)).toMatchObject({ code: Code.VALIDATION, field: 'phone' });
    await insertAccount(t, { username: 'has_phone', cellphone: '13900000003' });
    expect(await sendRegisterCode(t, ip, '13900000003', CAPTCHA)).toMatchObject({ code: Code.CONFLICT, field: 'phone' });
    expect(await lastSmsCode(t, '13900000003')).toBe('');
    expect(await callFrom(t, ip, Api.index.register, { method: 'send_code', phone: '13900000002', code: CAPTCHA, extra: 1 })).toMatchObject({ code: Code.VALIDATION, field: 'extra' });
  });

  it('waits the sending interval between codes to one phone', async () => {
    const ip = '198.51.100.3';
    await codeFor(ip, '13900000004');
    const again = await sendRegisterCode(t, ip, '13900000004', CAPTCHA);
    expect(again).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS, field: 'phone' });
    expect((again.data as unknown as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    later(REGISTER_LIMITS.sendIntervalS + 1);
    expect((await sendRegisterCode(t, ip, '13900000004', CAPTCHA)).code).toBe(200);
  });

  it('caps the codes a phone gets a day, and those one IP asks for a day', async () => {
    const phone = '13900000005';
    for (let i = 0; i < REGISTER_LIMITS.sendsPerPhoneDay; i++) {
      await codeFor(`198.51.101.${i}`, phone);
      later(REGISTER_LIMITS.sendIntervalS + 1);
    }
    expect(await sendRegisterCode(t, '198.51.101.99', phone, CAPTCHA)).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS });
    const ip = '198.51.100.4';
    for (let i = 0; i < REGISTER_LIMITS.sendsPerIpDay; i++) await codeFor(ip, `1370000${String(i).padStart(4, '0')}`);
    expect(await sendRegisterCode(t, ip, '13799999999', CAPTCHA)).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS });
    later(24 * 3600 + 1);
    expect((await sendRegisterCode(t, ip, '13799999999', CAPTCHA)).code).toBe(200);
    expect((await sendRegisterCode(t, '198.51.101.98', phone, CAPTCHA)).code).toBe(200);
  });

  it('refuses each broken field by name: username, password, phone, code, terms', async () => {
    const ip = '198.51.100.5';
    const code = await codeFor(ip, '13900000006');
    const ok = accountFields('fields_ok', '13900000006', code);
    expect(await register(ip, { ...ok, username: 'a b' })).toMatchObject({ code: Code.VALIDATION, field: 'username' });
    expect(await register(ip, { ...ok, username: '' })).toMatchObject({ code: Code.VALIDATION, field: 'username' });
    expect(await register(ip, { ...ok, password: 'Secret#2026' })).toMatchObject({ code: Code.VALIDATION, field: 'password' });
    expect(await register(ip, { ...ok, phone: '1390000000' })).toMatchObject({ code: Code.VALIDATION, field: 'phone' });
    expect(await register(ip, { ...ok, sms_code: '12' })).toMatchObject({ code: Code.VALIDATION, field: 'sms_code' });
    expect(await register(ip, { ...ok, accept_terms: false })).toMatchObject({ code: Code.VALIDATION, field: 'accept_terms' });
    expect(await register(ip, { ...ok, extra: 1 })).toMatchObject({ code: Code.VALIDATION, field: 'extra' });
    // None of that spent the code.
    expect((await register(ip, ok)).code).toBe(200);
  });

  it('refuses a taken username (whatever its case) or phone by name, and the code stays usable', async () => {
    const ip = '198.51.100.6';
    await insertAccount(t, { username: 'Taken_Name' });
    const code = await codeFor(ip, '13900000007');
    expect(await register(ip, accountFields('taken_name', '13900000007', code))).toMatchObject({ code: Code.CONFLICT, field: 'username' });
    expect((await register(ip, accountFields('free_name', '13900000007', code))).code).toBe(200);
    // Someone got the phone between the code and the form.
    const second = await codeFor(ip, '13900000012');
    await insertAccount(t, { username: 'phone_thief', cellphone: '13900000012' });
    expect(await register(ip, accountFields('free_name_2', '13900000012', second))).toMatchObject({ code: Code.CONFLICT, field: 'phone' });
  });

  it('takes a code once, only for its phone, within its validity', async () => {
    const ip = '198.51.100.7';
    const code = await codeFor(ip, '13900000008');
    expect(await register(ip, accountFields('other_phone', '13900000009', code))).toMatchObject({ code: Code.VALIDATION, field: 'sms_code' });
    expect((await register(ip, accountFields('once_a', '13900000008', code))).code).toBe(200);
    expect(await register(ip, accountFields('once_b', '13900000008', code))).toMatchObject({ code: Code.VALIDATION, field: 'sms_code' });

    const late = await codeFor(ip, '13900000010');
    later(REGISTER_LIMITS.codeValidityMin * 60 + 1);
    expect(await register(ip, accountFields('too_late', '13900000010', late))).toMatchObject({ code: Code.VALIDATION, field: 'sms_code' });
  });

  it(`refuses a code for good after ${SMS_CODE_MAX_TRIES} wrong tries`, async () => {
    const ip = '198.51.100.8';
    const code = await codeFor(ip, '13900000011');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_TRIES; i++) {
      expect(await register(ip, accountFields('guesser', '13900000011', wrong))).toMatchObject({ code: Code.VALIDATION, field: 'sms_code' });
    }
    expect(await register(ip, accountFields('guesser', '13900000011', code))).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS, field: 'sms_code' });
    // A new code starts afresh.
    later(REGISTER_LIMITS.sendIntervalS + 1);
    const fresh = await codeFor(ip, '13900000011');
    expect((await register(ip, accountFields('guesser', '13900000011', fresh))).code).toBe(200);
  });

  it('caps the accounts one IP makes a day', async () => {
    const ip = '198.51.100.9';
    later(24 * 3600 + 1);
    for (let i = 0; i < REGISTER_LIMITS.registrationsPerIpDay; i++) {
      const phone = `1360000${String(i).padStart(4, '0')}`;
      const r = await register(ip, accountFields(`many_${i}`, phone, await codeFor(`198.51.102.${i}`, phone)));
      expect(r.code, r.msg).toBe(200);
    }
    const phone = '13600009999';
    const code = await codeFor('198.51.102.99', phone);
    expect(await register(ip, accountFields('one_too_many', phone, code))).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS });
    expect((await register('198.51.100.10', accountFields('one_too_many', phone, code))).code).toBe(200);
  });
});
