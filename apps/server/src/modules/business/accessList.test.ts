import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, PortalApi, type WifiLoginAnswer } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const LIST = '/admin/business/black_white_list';
const SETTINGS = '/admin/device/portal';

/** SPEC §2 business "black and white list": entries kept per organisation, and what the captive portal does with them. */
describe.each(engines)('black and white list (%s)', (engine) => {
  let t: TestApp;
  let orgA: number;
  let staff: MadeUser;
  let other: MadeUser;
  let ipSeq = 0;
  let clock = new Date('2026-06-10T08:00:00Z');
  const freshIp = () => `10.44.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const call = <T = unknown>(body: Record<string, unknown>, token = staff.token) => t.post<T>(LIST, body, { token });
  const login = (mac: string, place = '') => t.post<WifiLoginAnswer>(PortalApi.wifilogin, {
    method: 'login', org: orgA, place, kind: 'one_click', accept_terms: true, mac,
  }, { headers: { 'x-forwarded-for': freshIp() } });

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on' }, services: { now: () => clock } });
    orgA = await makeOrg(t, 'Lists A');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, await makeOrg(t, 'Lists B'), 'all');
    // One-click sign-in, one device per user, a day's quota of 30 minutes against a 60-minute session.
    const s = await t.post(SETTINGS, {
      method: 'add', place: '', mode: 'auth', auth_one_click: true, session_minutes: 60, daily_minutes: 30, max_devices: 1,
    }, { token: staff.token });
    expect(s.code, s.msg).toBe(200);
  });
  afterAll(async () => t.close());

  it('stores MACs in one spelling and refuses a value that is not what its type says, naming it', async () => {
    const r = await call<{ value: string }>({ method: 'add', list: 'black', target: 'mac', value: 'aa-bb-cc-dd-ee-01' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data!.value).toBe('AA:BB:CC:DD:EE:01');
    expect(await call({ method: 'add', list: 'black', target: 'mac', value: 'AA:BB:CC:DD:EE:01' })).toMatchObject({ code: Code.CONFLICT });
    expect(await call({ method: 'add', list: 'white', target: 'mac', value: 'not a mac' })).toMatchObject({ code: Code.VALIDATION, field: 'value' });
    expect(await call({ method: 'add', list: 'white', target: 'phone', value: '12345' })).toMatchObject({ code: Code.VALIDATION, field: 'value' });
    expect(await call({ method: 'add', list: 'grey', target: 'mac', value: 'AA:BB:CC:DD:EE:09' })).toMatchObject({ code: Code.VALIDATION, field: 'list' });
    // Changing only the type re-checks the stored value against it.
    expect(await call({ method: 'update', id: (await call<{ list: { id: number }[] }>({ method: 'list' })).data!.list[0]!.id, target: 'phone' }))
      .toMatchObject({ code: Code.VALIDATION, field: 'value' });
    // Another organisation sees none of it.
    expect((await call<{ total: number }>({ method: 'list' }, other.token)).data!.total).toBe(0);
  });

  it('refuses a black-listed terminal at the portal, and lets it in again once the entry expired or went', async () => {
    const blocked = await login('AA:BB:CC:DD:EE:01');
    expect(blocked).toMatchObject({ code: Code.FORBIDDEN, field: 'kind' });
    const id = (await call<{ list: { id: number; value: string }[] }>({ method: 'list', value: 'AA:BB:CC:DD:EE:01' })).data!.list[0]!.id;
    expect((await call({ method: 'update', id, expires_at: '2020-01-01T00:00:00.000Z' })).code).toBe(200);
    expect((await login('AA:BB:CC:DD:EE:01')).code).toBe(200);
  });

  it('lets a white-listed terminal through past the daily quota, which still holds for everyone else', async () => {
    const guest = 'AA:BB:CC:DD:EE:02';
    const first = await login(guest);
    expect(first.code, first.msg).toBe(200);
    expect(first.data!.session_minutes).toBe(30);
    // Half an hour later the day's 30 minutes are used: the same terminal is refused.
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect(await login(guest)).toMatchObject({ code: Code.FAILED, field: 'kind' });
    expect((await call({ method: 'add', list: 'white', target: 'mac', value: guest })).code).toBe(200);
    const again = await login(guest);
    expect(again.code, again.msg).toBe(200);
    expect(again.data!.session_minutes).toBe(30);
    // Its session is not ended by the quota either, while a guest off the list still meets it.
    const other = 'AA:BB:CC:DD:EE:03';
    expect((await login(other)).code).toBe(200);
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect((await login(other)).code).toBe(Code.FAILED);
    expect((await login(guest)).code).toBe(200);
  });
});
