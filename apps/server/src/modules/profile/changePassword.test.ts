import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, md5 } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { createMember, MEMBER_PASSWORD } from '../../testing/members';

const PATH = '/admin/system/personal_data';

describe.each(engines)('change password (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ engine }); });
  afterAll(async () => t.close());

  const change = (token: string, id: number, oldPass: string, newPass: string) =>
    t.post(PATH, { method: 'change_password', id, password: md5(oldPass), new_password: md5(newPass) }, { token });

  it('refuses a wrong original password with the bad-credentials code, naming the field', async () => {
    const m = await createMember(t, { username: 'pw-wrong', orgs: [1], nickname: 'W' });
    const r = await change(m.token, m.id, 'not-my-password1', 'NewPass@1');
    expect(r).toMatchObject({ code: Code.BAD_CREDENTIALS, field: 'password' });
    expect(r.msg).not.toContain('username');
  });

  it('on success signs every other session out (1005) and keeps this one', async () => {
    const m = await createMember(t, { username: 'pw-ok', orgs: [1], nickname: 'O' });
    const other = await t.login('pw-ok', MEMBER_PASSWORD);
    expect((await change(m.token, m.id, MEMBER_PASSWORD, 'NewPass@1')).code).toBe(200);
    expect((await t.post('/admin/index/info', {}, { token: other })).code).toBe(Code.SESSION_REVOKED);
    expect((await t.post('/admin/index/info', {}, { token: m.token })).code).toBe(200);
  });

  it('makes the new password the one that signs in', async () => {
    const m = await createMember(t, { username: 'pw-login', orgs: [1], nickname: 'L' });
    await change(m.token, m.id, MEMBER_PASSWORD, 'Fresh@Pass2');
    await expect(t.login('pw-login', MEMBER_PASSWORD)).rejects.toThrow(/1008/);
    expect(typeof (await t.login('pw-login', 'Fresh@Pass2'))).toBe('string');
  });

  it('refuses a new password equal to the original', async () => {
    const m = await createMember(t, { username: 'pw-same', orgs: [1], nickname: 'S' });
    expect(await change(m.token, m.id, MEMBER_PASSWORD, MEMBER_PASSWORD)).toMatchObject({ code: Code.VALIDATION, field: 'new_password' });
  });

  it('only changes the caller\'s own password', async () => {
    const m = await createMember(t, { username: 'pw-other', orgs: [1], nickname: 'X' });
    expect((await change(m.token, 1, MEMBER_PASSWORD, 'NewPass@1')).code).toBe(Code.NOT_FOUND);
  });

  it('requires both passwords as MD5 hashes', async () => {
    const m = await createMember(t, { username: 'pw-plain', orgs: [1], nickname: 'P' });
    const r = await t.post(PATH, { method: 'change_password', id: m.id, password: MEMBER_PASSWORD, new_password: md5('x1y2z3') }, { token: m.token });
    expect(r).toMatchObject({ code: Code.VALIDATION, field: 'password' });
  });

  it('counts wrong originals as failed logins, so a stolen session cannot guess the password', async () => {
    const m = await createMember(t, { username: 'pw-guess', orgs: [1], nickname: 'G' });
    for (let i = 0; i < t.config.throttle.maxPerUser; i++) {
      expect((await change(m.token, m.id, `guess${i}abc`, 'NewPass@1')).code).toBe(Code.BAD_CREDENTIALS);
    }
    expect((await change(m.token, m.id, MEMBER_PASSWORD, 'NewPass@1')).code).toBe(Code.TOO_MANY_ATTEMPTS);
  });
});
