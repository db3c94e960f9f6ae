import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { Code, PortalApi, type DailySeries, type WifiLoginAnswer } from '@gx/contract';
import { smsMessages } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { deviceApi } from '../equipment/testing';

const RECORDS = '/admin/business/auth_data';
const TERMINALS = '/admin/business/auth_terminal';
const SMS_LOG = '/admin/business/portal_sms_log';
const ACCESS = '/admin/business/black_white_list';
const GUESTS = '/admin/portal/guest';
const SETTINGS = '/admin/device/portal';

interface Page<T> { list: T[]; total: number }
interface RecordRow { id: number; kind: string; phone: string; identity: string; mac: string; result: string; code: number; reason: string }
interface TerminalRow { id: number; mac: string; phone: string; sign_ins: number; failures: number; last_result: string; state: string; random_mac: number }
interface SmsRow { id: number; phone: string; template_code: string; template_name: string; status: string }

/** SPEC §2 business "auth data", "auth terminal", "portal IT and SMS": what the portal's sign-ins and SMS leave behind. */
describe.each(engines)('portal records (%s)', (engine) => {
  let t: TestApp;
  let orgA: number;
  let staff: MadeUser;
  let other: MadeUser;
  let ipSeq = 0;
  const clock = new Date('2026-06-10T08:00:00Z');
  const freshIp = () => `10.62.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = staff.token) => t.post<T>(path, body, { token });
  const wifi = <T = unknown>(body: Record<string, unknown>) => t.post<T>(PortalApi.wifilogin, { org: orgA, ...body }, { headers: { 'x-forwarded-for': freshIp() } });
  const latestCode = async (phone: string) => {
    const [m] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.phone, phone)).orderBy(desc(smsMessages.id)).limit(1);
    return (m?.params as { code: string } | null)?.code ?? '';
  };
  const records = async (filter: Record<string, unknown> = {}, token = staff.token) =>
    (await call<Page<RecordRow>>(RECORDS, { method: 'list', size: 100, ...filter }, token)).data!;
  const terminal = async (mac: string) =>
    (await call<Page<TerminalRow>>(TERMINALS, { method: 'list', mac })).data!.list[0]!;

  const PHONE = '13900000062';
  const MAC = 'A8:62:00:00:00:01';

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on' }, services: { now: () => clock } });
    orgA = await makeOrg(t, 'Records A');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, await makeOrg(t, 'Records B'), 'all');
    const s = await call(SETTINGS, { method: 'add', place: '', mode: 'auth', auth_sms: true, auth_one_click: true, auth_voucher: true });
    expect(s.code, s.msg).toBe(200);
    const tpl = await call('/admin/other_business/message_config', {
      method: 'add', name: 'Wi-Fi code', content: 'Your code is ${code}', template_code: 'SMS_WIFI_62',
    });
    expect(tpl.code, tpl.msg).toBe(200);
  });
  afterAll(async () => t.close());

  it('records a refused and a successful SMS sign-in, and keeps the terminal', async () => {
    expect((await wifi({ method: 'send_code', phone: PHONE })).code).toBe(200);
    const wrong = (await latestCode(PHONE)) === '000000' ? '111111' : '000000';
    expect(await wifi({ method: 'login', kind: 'sms', phone: PHONE, code: wrong, mac: MAC.toLowerCase() })).toMatchObject({ code: Code.VALIDATION, field: 'code' });
    const ok = await wifi<WifiLoginAnswer>({ method: 'login', kind: 'sms', phone: PHONE, code: await latestCode(PHONE), mac: MAC });
    expect(ok.code, ok.msg).toBe(200);

    const { list } = await records({ mac: MAC });
    expect(list.map((r) => [r.kind, r.phone, r.identity, r.result, r.code, r.reason])).toEqual([
      ['sms', PHONE, PHONE, 'success', 200, ''],
      ['sms', PHONE, PHONE, 'failed', Code.VALIDATION, 'validation.smsCodeWrong'],
    ]);
    expect(list.every((r) => r.mac === MAC)).toBe(true);
    expect(await terminal(MAC)).toMatchObject({ mac: MAC, phone: PHONE, sign_ins: 1, failures: 1, last_result: 'success', state: 'allowed', random_mac: 0 });
  });

  it('records a refused voucher although its transaction is undone', async () => {
    const mac = '02:62:00:00:00:02';
    expect(await wifi({ method: 'login', kind: 'voucher', voucher: 'ABCDE-FGHJK', mac })).toMatchObject({ code: Code.VALIDATION, field: 'voucher' });
    expect((await records({ mac })).list.map((r) => [r.kind, r.result, r.reason])).toEqual([['voucher', 'failed', 'validation.voucherWrong']]);
    // A locally administered address: a phone's per-network privacy MAC.
    expect(await terminal(mac)).toMatchObject({ sign_ins: 0, failures: 1, last_result: 'failed', random_mac: 1 });
  });

  it('blocks a terminal: on the black list, its session kicked, refused (and recorded) until unblocked', async () => {
    const { id } = await terminal(MAC);
    const guests = await call<Page<{ mac: string; state: string }>>(GUESTS, { method: 'list', mac: MAC });
    expect(guests.data!.list.map((g) => g.state)).toEqual(['active']);

    const blocked = await call<TerminalRow>(TERMINALS, { method: 'block', id });
    expect(blocked.code, blocked.msg).toBe(200);
    expect(blocked.data!.state).toBe('blocked');
    const entries = await call<Page<{ list: string; target: string; value: string }>>(ACCESS, { method: 'list', value: MAC });
    expect(entries.data!.list).toMatchObject([{ list: 'black', target: 'mac', value: MAC }]);
    expect((await call<Page<{ state: string }>>(GUESTS, { method: 'list', mac: MAC })).data!.list.map((g) => g.state)).toEqual(['kicked']);
    // Already blocked: refused, and the list says so before anyone tries.
    expect(await call(TERMINALS, { method: 'block', id })).toMatchObject({ code: Code.CONFLICT });
    const row = (await call<Page<TerminalRow & { _denied?: Record<string, string> }>>(TERMINALS, { method: 'list', mac: MAC })).data!.list[0]!;
    expect(Object.keys(row._denied ?? {})).toEqual(['block']);

    expect(await wifi({ method: 'login', kind: 'one_click', mac: MAC })).toMatchObject({ code: Code.FORBIDDEN, field: 'kind' });
    expect((await records({ mac: MAC, size: 1 })).list[0]).toMatchObject({ kind: 'one_click', result: 'failed', code: Code.FORBIDDEN, reason: 'validation.portalBlocked' });
    expect(await terminal(MAC)).toMatchObject({ sign_ins: 1, failures: 2, last_result: 'failed', phone: PHONE });

    const unblocked = await call<TerminalRow>(TERMINALS, { method: 'unblock', id });
    expect(unblocked.code, unblocked.msg).toBe(200);
    expect(unblocked.data!.state).toBe('allowed');
    expect((await call<Page<unknown>>(ACCESS, { method: 'list', value: MAC })).data!.total).toBe(0);
    expect(await call(TERMINALS, { method: 'unblock', id })).toMatchObject({ code: Code.CONFLICT });
    expect((await wifi({ method: 'login', kind: 'one_click', mac: MAC })).code).toBe(200);
    expect(await terminal(MAC)).toMatchObject({ sign_ins: 2, last_result: 'success', state: 'allowed' });
  });

  it('filters the records, lists them as auth_log too, and counts them per day', async () => {
    const all = await records();
    expect(all.total).toBe(5);
    expect((await records({ result: 'failed' })).list.every((r) => r.result === 'failed')).toBe(true);
    expect((await records({ result: 'failed' })).total).toBe(3);
    expect((await records({ kind: 'sms' })).total).toBe(2);
    expect((await records({ mac: 'a8:62' })).total).toBe(4);
    expect((await records({ phone: PHONE })).total).toBe(2);
    expect((await records({ created_at_from: '2026-06-11T00:00:00Z' })).total).toBe(0);
    expect((await records({ created_at_from: '2026-06-10T00:00:00Z', created_at_to: '2026-06-10T23:59:59Z' })).total).toBe(5);
    expect(await call(RECORDS, { method: 'list', result: 'maybe' })).toMatchObject({ code: Code.VALIDATION, field: 'result' });
    expect(await call(RECORDS, { method: 'list', phone: '123' })).toMatchObject({ code: Code.VALIDATION, field: 'phone' });

    const log = await call<Page<RecordRow>>(RECORDS, { method: 'auth_log', result: 'success' });
    expect(log.code, log.msg).toBe(200);
    expect(log.data!.list.map((r) => r.id)).toEqual((await records({ result: 'success' })).list.map((r) => r.id));

    const stats = await call<DailySeries>(RECORDS, { method: 'statistics', from: '2026-06-09', to: '2026-06-10', tz: 'Asia/Shanghai' });
    expect(stats.data).toEqual({ days: ['2026-06-09', '2026-06-10'], series: [{ key: 'success', values: [0, 2] }, { key: 'failed', values: [0, 3] }] });
  });

  it('exports the records and the terminals as the lists filter them', async () => {
    const exp = await call<{ rows: number; content: string }>(RECORDS, { method: 'export', format: 'csv', result: 'failed' });
    expect(exp.code, exp.msg).toBe(200);
    expect(exp.data!.rows).toBe(3);
    const csv = Buffer.from(exp.data!.content, 'base64').toString('utf8');
    expect(csv).toContain(MAC);
    expect(csv).toMatch(/Verification code verification failed|验证码校验失败/);
    const terms = await call<{ rows: number }>(TERMINALS, { method: 'export', format: 'xlsx' });
    expect(terms.data!.rows).toBe(2);
  });

  it('lists the SMS the portal sent, with its template, filters and per-day counts', async () => {
    const sms = await call<Page<SmsRow>>(SMS_LOG, { method: 'list', phone: PHONE });
    expect(sms.code, sms.msg).toBe(200);
    expect(sms.data!.list).toMatchObject([{ phone: PHONE, template_code: 'SMS_WIFI_62', template_name: 'Wi-Fi code', status: 'sent' }]);
    expect((await call<Page<SmsRow>>(SMS_LOG, { method: 'list', status: 'failed' })).data!.total).toBe(0);
    const stats = await call<DailySeries>(SMS_LOG, { method: 'statistics', from: '2026-06-10', to: '2026-06-10' });
    expect(stats.data!.series).toEqual([{ key: 'sent', values: [1] }, { key: 'failed', values: [0] }]);
    const exp = await call<{ rows: number }>(SMS_LOG, { method: 'export', format: 'csv' });
    expect(exp.data!.rows).toBe(1);
  });

  it('records the gateway a guest came through, and a blocked terminal is not remembered past the sign-in page', async () => {
    const orgC = await makeOrg(t, 'Records C');
    const owner = await makeUser(t, orgC, 'all');
    expect((await call(SETTINGS, { method: 'add', place: '', mode: 'auth', auth_one_click: true, remember_days: 7 }, owner.token)).code).toBe(200);
    const gw = await deviceApi(t, owner.token).add('WDREC62');
    const mac = 'A8:62:00:00:00:03';
    const signIn = await t.post<WifiLoginAnswer>(PortalApi.wifilogin, {
      method: 'login', org: orgC, kind: 'one_click', gw_id: 'WDREC62', gw_address: '192.168.1.1', gw_port: 2060, mac,
    }, { headers: { 'x-forwarded-for': freshIp() } });
    expect(signIn.code, signIn.msg).toBe(200);
    const rec = (await call<Page<RecordRow & { device_id: number; gateway: string }>>(RECORDS, { method: 'list' }, owner.token)).data!.list;
    expect(rec).toMatchObject([{ kind: 'one_click', mac, result: 'success', device_id: gw.id, gateway: 'WDREC62' }]);
    // The guest logs out; the session ended (not kicked), so the device would be remembered at the next login/.
    const token = new URL(signIn.data!.gateway_url).searchParams.get('token')!;
    const wd = (path: string, q: Record<string, string | number>) =>
      fetch(`${t.url}/wifidog/${path}?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()}`, { redirect: 'manual' });
    expect(await (await wd('auth/', { gw_id: 'WDREC62', stage: 'logout', token, mac, ip: '192.168.1.30', incoming: 0, outgoing: 0 })).text()).toBe('Auth: 0');
    const visit = { gw_id: 'WDREC62', gw_address: '192.168.1.1', gw_port: 2060, mac };
    expect(new URL((await wd('login/', visit)).headers.get('location')!, t.url).pathname).toBe('/wifidog/auth');
    const id = (await call<Page<TerminalRow>>(TERMINALS, { method: 'list' }, owner.token)).data!.list[0]!.id;
    expect((await call(TERMINALS, { method: 'block', id }, owner.token)).code).toBe(200);
    expect(new URL((await wd('login/', visit)).headers.get('location')!, t.url).pathname).toBe('/wifilogin');
  });

  it('shows another organisation none of it, and refuses its hands on the terminals', async () => {
    const { id } = await terminal(MAC);
    for (const path of [RECORDS, TERMINALS, SMS_LOG]) {
      expect((await call<Page<unknown>>(path, { method: 'list' }, other.token)).data!.total, path).toBe(0);
    }
    expect((await call<Page<unknown>>(RECORDS, { method: 'auth_log' }, other.token)).data!.total).toBe(0);
    expect(await call(TERMINALS, { method: 'block', id }, other.token)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call(TERMINALS, { method: 'detail', id }, other.token)).toMatchObject({ code: Code.NOT_FOUND });
    const stats = await call<DailySeries>(RECORDS, { method: 'statistics', from: '2026-06-10', to: '2026-06-10' }, other.token);
    expect(stats.data!.series.map((s) => s.values[0])).toEqual([0, 0]);
    // A reader may list but not block.
    const reader = await makeUser(t, orgA, ['business.auth_terminal.list', 'business.auth_data.list']);
    expect((await call(RECORDS, { method: 'auth_log' }, reader.token)).code).toBe(200);
    expect(await call(TERMINALS, { method: 'block', id }, reader.token)).toMatchObject({ code: Code.FORBIDDEN });
    expect(await call(SMS_LOG, { method: 'list' }, reader.token)).toMatchObject({ code: Code.FORBIDDEN });
  });
});
