import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type PersonalDataDetailAnswer, type WechatBindData, type WechatUserAuthAnswer } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { createMember } from '../../testing/members';
import { localWechatProvider } from '../../providers/wechat/local';

const PROFILE = '/admin/system/personal_data';
const CALLBACK = '/admin/we_chart/user_auth';

describe.each(engines)('WeChat binding (%s)', (engine) => {
  let t: TestApp;
  let clock = new Date();
  beforeAll(async () => { t = await startTestApp({ engine, services: { now: () => clock } }); });
  afterAll(async () => t.close());

  const bindData = (m: { id: number; token: string }) => t.post<WechatBindData>(PROFILE, { method: 'we_chart', id: m.id }, { token: m.token });
  const callback = (token: string, code: string, state: string) => t.post<WechatUserAuthAnswer>(CALLBACK, { code, state }, { token });
  const wechatOf = async (token: string) => (await t.post<PersonalDataDetailAnswer>(PROFILE, { method: 'detail' }, { token })).data?.detail.we_chart;
  const expected = async (code: string) => {
    const r = await localWechatProvider().exchange(code);
    if (!r.ok) throw new Error(r.error);
    return r.identity.nickname;
  };

  it('we_chart answers the AppID, the redirect domain and a fresh state, plus the authorise URL', async () => {
    const m = await createMember(t, { username: 'wx-data', orgs: [1], nickname: 'D' });
    const r = await bindData(m);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ AppID: 'local-wechat', domain: t.url, provider: 'local', expires_in: 600 });
    expect(r.data?.state).toMatch(/^[0-9a-f]{32}$/);
    expect(r.data?.url.startsWith(`${t.url}/wxlogin?code=`)).toBe(true);
    expect((await bindData(m)).data?.state).not.toBe(r.data?.state);
  });

  it('the callback binds the scanned account; detail shows its nickname', async () => {
    const m = await createMember(t, { username: 'wx-bind', orgs: [1], nickname: 'B' });
    const state = (await bindData(m)).data?.state ?? '';
    const r = await callback(m.token, 'code-one', state);
    expect(r.code).toBe(200);
    expect(r.data?.nickname).toBe(await expected('code-one'));
    expect(await wechatOf(m.token)).toEqual({ nickname: await expected('code-one') });
  });

  it('a state works once', async () => {
    const m = await createMember(t, { username: 'wx-once', orgs: [1], nickname: 'O' });
    const state = (await bindData(m)).data?.state ?? '';
    expect((await callback(m.token, 'code-once', state)).code).toBe(200);
    expect(await callback(m.token, 'code-once-again', state)).toMatchObject({ code: Code.VALIDATION, field: 'state' });
  });

  it('a state only binds the user who asked for it', async () => {
    const victim = await createMember(t, { username: 'wx-victim', orgs: [1], nickname: 'V' });
    const attacker = await createMember(t, { username: 'wx-attacker', orgs: [1], nickname: 'A' });
    const state = (await bindData(victim)).data?.state ?? '';
    expect(await callback(attacker.token, 'code-attack', state)).toMatchObject({ code: Code.VALIDATION, field: 'state' });
    expect(await wechatOf(attacker.token)).toBeNull();
  });

  it('a state expires after ten minutes', async () => {
    const m = await createMember(t, { username: 'wx-late', orgs: [1], nickname: 'L' });
    const state = (await bindData(m)).data?.state ?? '';
    clock = new Date(clock.getTime() + 601_000);
    const r = await callback(m.token, 'code-late', state);
    clock = new Date();
    expect(r).toMatchObject({ code: Code.VALIDATION, field: 'state' });
  });

  it('replaces a binding with a newly scanned account', async () => {
    const m = await createMember(t, { username: 'wx-replace', orgs: [1], nickname: 'R' });
    await callback(m.token, 'code-first', (await bindData(m)).data?.state ?? '');
    await callback(m.token, 'code-second', (await bindData(m)).data?.state ?? '');
    expect(await wechatOf(m.token)).toEqual({ nickname: await expected('code-second') });
  });

  it('refuses a WeChat account already bound to someone else', async () => {
    const first = await createMember(t, { username: 'wx-first', orgs: [1], nickname: 'F' });
    const second = await createMember(t, { username: 'wx-second', orgs: [1], nickname: 'S' });
    await callback(first.token, 'code-shared', (await bindData(first)).data?.state ?? '');
    const r = await callback(second.token, 'code-shared', (await bindData(second)).data?.state ?? '');
    expect(r).toMatchObject({ code: Code.CONFLICT, field: 'code' });
  });

  it('reports a failed exchange with the provider', async () => {
    const failing = await startTestApp({
      engine,
      services: { wechat: { ...localWechatProvider(), exchange: async () => ({ ok: false, error: '40029: invalid code' }) } },
    });
    try {
      const m = await createMember(failing, { username: 'wx-fail', orgs: [1], nickname: 'F' });
      const state = (await failing.post<WechatBindData>(PROFILE, { method: 'we_chart', id: m.id }, { token: m.token })).data?.state ?? '';
      expect(await failing.post(CALLBACK, { code: 'bad', state }, { token: m.token })).toMatchObject({ code: Code.FAILED, field: 'code' });
    } finally {
      await failing.close();
    }
  });

  it('unbundle removes the binding; with none bound it answers NOT_FOUND', async () => {
    const m = await createMember(t, { username: 'wx-unbind', orgs: [1], nickname: 'U' });
    await callback(m.token, 'code-unbind', (await bindData(m)).data?.state ?? '');
    expect((await t.post(PROFILE, { method: 'unbundle', id: m.id }, { token: m.token })).code).toBe(200);
    expect(await wechatOf(m.token)).toBeNull();
    expect((await t.post(PROFILE, { method: 'unbundle', id: m.id }, { token: m.token })).code).toBe(Code.NOT_FOUND);
  });

  it('only for the caller\'s own id', async () => {
    const m = await createMember(t, { username: 'wx-own', orgs: [1], nickname: 'Own' });
    expect((await t.post(PROFILE, { method: 'we_chart', id: 1 }, { token: m.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post(PROFILE, { method: 'unbundle', id: 1 }, { token: m.token })).code).toBe(Code.NOT_FOUND);
  });
});
