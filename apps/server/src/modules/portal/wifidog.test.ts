import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { Code, PortalApi, type WifiLoginAnswer } from '@gx/contract';
import { deviceCommands, devices, organizations, portalGuestSessions, smsMessages } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { expireGuestSessions } from './wifidog';

const SETTINGS = '/admin/device/portal';
const GUEST = '/admin/portal/guest';

/**
 * A WiFiDog gateway played over real HTTP (wifidog-gateway's protocol V1): ping, the guest's login redirect, sign-in
 * on /wifilogin's public calls, the gateway's auth URL with its token, then auth login / counters / logout.
 */
describe.each(engines)('wifidog auth server (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;
  let orgA: number;
  let orgB: number;
  let gwA: number;
  let clock = new Date('2026-06-10T08:00:00Z');
  let ipSeq = 0;
  const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on' }, services: { now: () => clock } });
    await t.login();
    orgA = await makeOrg(t, 'Dog A');
    orgB = await makeOrg(t, 'Dog B');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, orgB, 'all');
    const db = t.database.db;
    const [a] = await db.insert(devices).values({ orgId: orgA, serial: 'WDGW0001', family: 'ig', secretHash: 'x' }).returning();
    gwA = a!.id;
    await db.insert(devices).values([
      { orgId: orgA, serial: 'WDOFF0001', family: 'ig', secretHash: 'x', status: 0 },
      { orgId: orgA, serial: 'WDOLT0001', family: 'olt', secretHash: 'x' },
      { orgId: orgB, serial: 'WDGWB0001', family: 'ap', secretHash: 'x' },
    ]);
    const s = await t.post(SETTINGS, { method: 'add', place: '', mode: 'auth', auth_sms: true, auth_one_click: true, up_kbps: 1024, down_kbps: 4096, session_minutes: 60 }, { token: staff.token });
    expect(s.code, s.msg).toBe(200);
    const sb = await t.post(SETTINGS, { method: 'add', place: '', mode: 'auth', auth_one_click: true }, { token: other.token });
    expect(sb.code, sb.msg).toBe(200);
  });
  afterAll(async () => t.close());

  type Params = Record<string, string | number | undefined>;
  const get = (path: string, params: Params, headers: Record<string, string> = {}) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
    return fetch(`${t.url}/wifidog/${path}?${q.toString()}`, { redirect: 'manual', headers });
  };
  const auth = async (params: Params) => {
    const r = await get('auth/', { gw_id: 'WDGW0001', ip: '192.168.1.23', mac: 'aa:bb:cc:00:00:01', incoming: 0, outgoing: 0, ...params });
    return { status: r.status, body: await r.text() };
  };
  const pub = <T>(body: Record<string, unknown>, ip: string) => t.post<T>(PortalApi.wifilogin, body, { headers: { 'x-forwarded-for': ip } });

  /** The guest's browser: login/ redirect → /wifilogin's sign-in call; answers the sign-in's answer. */
  async function tryLogin(mac: string, kind: 'sms' | 'one_click' = 'one_click') {
    const ip = freshIp();
    const r = await get('login/', { gw_address: '192.168.1.1', gw_port: 2060, gw_id: 'WDGW0001', ip: '192.168.1.23', mac, url: 'http://news.example.com/today' });
    expect(r.status).toBe(302);
    const to = new URL(r.headers.get('location')!, t.url);
    expect(to.pathname).toBe('/wifilogin');
    const visit = Object.fromEntries(to.searchParams);
    expect(visit).toMatchObject({ org: String(orgA), gw_id: 'WDGW0001', gw_address: '192.168.1.1', gw_port: '2060', mac: mac.toUpperCase(), url: 'http://news.example.com/today' });
    const base = { org: Number(visit.org), gw_id: visit.gw_id, gw_address: visit.gw_address, gw_port: Number(visit.gw_port), mac: visit.mac, url: visit.url };
    let body: Record<string, unknown> = { method: 'login', kind: 'one_click', ...base };
    if (kind === 'sms') {
      const phone = '13900000077';
      // Past the sending interval of the previous code.
      clock = new Date(clock.getTime() + 2 * 60_000);
      const sent = await pub({ method: 'send_code', org: orgA, phone }, ip);
      expect(sent.code, sent.msg).toBe(200);
      const [m] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.phone, phone)).orderBy(desc(smsMessages.id)).limit(1);
      body = { method: 'login', kind: 'sms', phone, code: (m!.params as { code: string }).code, ...base };
    }
    return pub<WifiLoginAnswer>(body, ip);
  }

  /** A sign-in that must succeed, through to the gateway's auth URL; answers the token. */
  async function signIn(mac: string, kind: 'sms' | 'one_click' = 'one_click'): Promise<string> {
    const ok = await tryLogin(mac, kind);
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data).toMatchObject({ granted: true, up_kbps: 1024, down_kbps: 4096, session_minutes: 60, redirect: 'http://news.example.com/today' });
    const gw = new URL(ok.data!.gateway_url);
    expect(`${gw.origin}${gw.pathname}`).toBe('http://192.168.1.1:2060/wifidog/auth');
    const token = gw.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return token;
  }

  /** Changes organisation A's portal settings for the length of `fn`. */
  async function withSettings(change: Record<string, unknown>, fn: () => Promise<void>): Promise<void> {
    const list = await t.post<{ list: { id: number; place: string }[] }>(SETTINGS, { method: 'list' }, { token: staff.token });
    const id = list.data!.list.find((r) => r.place === '')!.id;
    const before = await t.post<Record<string, unknown>>(SETTINGS, { method: 'detail', id }, { token: staff.token });
    const set = await t.post(SETTINGS, { method: 'update', id, ...change }, { token: staff.token });
    expect(set.code, set.msg).toBe(200);
    try {
      await fn();
    } finally {
      await t.post(SETTINGS, { method: 'update', id, ...Object.fromEntries(Object.keys(change).map((k) => [k, before.data![k]])) }, { token: staff.token });
    }
  }

  it('ends a session idle past the idle timeout, counted from the last growth of its traffic', async () => {
    await withSettings({ idle_minutes: 10 }, async () => {
      const mac = 'aa:bb:cc:00:00:31';
      const token = await signIn(mac);
      expect((await auth({ stage: 'login', token, mac })).body).toBe('Auth: 1');
      const start = clock;
      const at = (minutes: number) => { clock = new Date(start.getTime() + minutes * 60_000); };
      at(5);
      expect((await auth({ stage: 'counters', token, mac, incoming: 5000, outgoing: 100 })).body).toBe('Auth: 1');
      // Nine minutes since the traffic last grew: still on; eleven: idle.
      at(14);
      expect((await auth({ stage: 'counters', token, mac, incoming: 5000, outgoing: 100 })).body).toBe('Auth: 1');
      at(16);
      expect((await auth({ stage: 'counters', token, mac, incoming: 5000, outgoing: 100 })).body).toBe('Auth: 0');
      const [s] = await t.database.db.select().from(portalGuestSessions).where(eq(portalGuestSessions.mac, mac.toUpperCase()));
      expect(s).toMatchObject({ state: 'idle', incoming: 5000 });
    });
  });

  it('refuses a sign-in past the devices one user may have online, and lets it in once one leaves', async () => {
    await withSettings({ max_devices: 1 }, async () => {
      const first = await signIn('aa:bb:cc:00:00:41', 'sms');
      const refused = await tryLogin('aa:bb:cc:00:00:42', 'sms');
      expect(refused.code).toBe(Code.FAILED);
      expect(refused.field).toBe('kind');
      expect(refused.msg).toBe('该账号在线设备数已达上限');
      // The same device signing in again is not another device.
      await signIn('aa:bb:cc:00:00:41', 'sms');
      // One-click guests are each their own device: no limit between them.
      await signIn('aa:bb:cc:00:00:43');
      await signIn('aa:bb:cc:00:00:44');
      expect((await auth({ stage: 'logout', token: first, mac: 'aa:bb:cc:00:00:41' })).body).toBe('Auth: 0');
      await t.database.db.update(portalGuestSessions).set({ state: 'ended' }).where(eq(portalGuestSessions.mac, 'AA:BB:CC:00:00:41'));
      await signIn('aa:bb:cc:00:00:42', 'sms');
      // Later tests count the sessions the sweep expires: these end here.
      await t.database.db.update(portalGuestSessions).set({ state: 'ended' })
        .where(and(eq(portalGuestSessions.state, 'active'), inArray(portalGuestSessions.mac, ['AA:BB:CC:00:00:41', 'AA:BB:CC:00:00:42', 'AA:BB:CC:00:00:43', 'AA:BB:CC:00:00:44'])));
    });
  });

  it('answers Pong to a registered gateway and refuses unknown, disabled and non-portal devices', async () => {
    const ping = (gw_id: string) => get('ping/', { gw_id, sys_uptime: 742725, sys_memfree: 2604, sys_load: '0.03', wifidog_uptime: 3861 });
    const ok = await ping('WDGW0001');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('Pong');
    // Without the trailing slash too (some gateways' path fragments).
    expect(await (await fetch(`${t.url}/wifidog/ping?gw_id=WDGW0001`)).text()).toBe('Pong');
    for (const gw of ['NOPE0001', 'WDOFF0001', 'WDOLT0001']) expect((await ping(gw)).status, gw).toBe(404);
    expect((await get('ping/', { gw_id: 'bad id!' })).status).toBe(400);
    expect((await get('ping/', { gw_id: 'WDGW0001', sys_load: 'lots' })).status).toBe(400);
  });

  it('takes a guest through login, the sign-in page and auth login / counters / logout', async () => {
    const token = await signIn('aa:bb:cc:00:00:01', 'sms');
    expect(await auth({ stage: 'login', token })).toEqual({ status: 200, body: 'Auth: 1' });
    const [s] = await t.database.db.select().from(portalGuestSessions).where(eq(portalGuestSessions.deviceId, gwA)).orderBy(desc(portalGuestSessions.id)).limit(1);
    expect(s).toMatchObject({ orgId: orgA, kind: 'sms', mac: 'AA:BB:CC:00:00:01', ip: '192.168.1.23', state: 'active', upKbps: 1024, url: 'http://news.example.com/today' });
    expect(s!.tokenHash).not.toContain(token);
    expect(await auth({ stage: 'counters', token, incoming: 123456, outgoing: 7890 })).toEqual({ status: 200, body: 'Auth: 1' });
    // Counters only grow: a stale report does not roll them back.
    expect((await auth({ stage: 'counters', token, incoming: 100, outgoing: 10 })).body).toBe('Auth: 1');
    const [c] = await t.database.db.select().from(portalGuestSessions).where(eq(portalGuestSessions.id, s!.id));
    expect(c).toMatchObject({ incoming: 123456, outgoing: 7890 });
    // The same token from another device is refused.
    expect((await auth({ stage: 'counters', token, mac: 'aa:bb:cc:00:00:99' })).body).toBe('Auth: 0');

    // The guest lands on the portal/ page: back to where they were going.
    const cookieOf = (r: Response) => (r.headers.get('set-cookie') ?? '').split(';')[0]!;
    const login = await get('login/', { gw_address: '192.168.1.1', gw_port: 2060, gw_id: 'WDGW0001', mac: 'aa:bb:cc:00:00:01', url: 'http://news.example.com/today' });
    const portal = await get('portal/', { gw_id: 'WDGW0001' }, { cookie: cookieOf(login) });
    expect(portal.status).toBe(302);
    expect(portal.headers.get('location')).toBe('http://news.example.com/today');
    const bare = await get('portal/', { gw_id: 'WDGW0001' });
    expect(bare.status).toBe(200);
    expect(await bare.text()).toContain('You are online');

    expect(await auth({ stage: 'logout', token, incoming: 200000, outgoing: 9000 })).toEqual({ status: 200, body: 'Auth: 0' });
    const [ended] = await t.database.db.select().from(portalGuestSessions).where(eq(portalGuestSessions.id, s!.id));
    expect(ended).toMatchObject({ state: 'ended', incoming: 200000, outgoing: 9000 });
    expect(ended!.endedAt).not.toBeNull();
    expect((await auth({ stage: 'counters', token })).body).toBe('Auth: 0');
    expect((await auth({ stage: 'login', token })).body).toBe('Auth: 0');
  });

  it('ends a session at the end of the session length', async () => {
    const token = await signIn('aa:bb:cc:00:00:02');
    expect((await auth({ stage: 'login', token, mac: 'aa:bb:cc:00:00:02' })).body).toBe('Auth: 1');
    const start = clock;
    clock = new Date(start.getTime() + 59 * 60_000);
    expect((await auth({ stage: 'counters', token, mac: 'aa:bb:cc:00:00:02' })).body).toBe('Auth: 1');
    clock = new Date(start.getTime() + 61 * 60_000);
    expect((await auth({ stage: 'counters', token, mac: 'aa:bb:cc:00:00:02' })).body).toBe('Auth: 0');
    const [s] = await t.database.db.select().from(portalGuestSessions).where(eq(portalGuestSessions.mac, 'AA:BB:CC:00:00:02'));
    expect(s?.state).toBe('expired');

    // A session whose gateway never asks again is expired by the sweep, ended at its expiry.
    const quiet = await signIn('aa:bb:cc:00:00:12');
    expect((await auth({ stage: 'login', token: quiet, mac: 'aa:bb:cc:00:00:12' })).body).toBe('Auth: 1');
    const [q] = await t.database.db.select().from(portalGuestSessions).where(eq(portalGuestSessions.mac, 'AA:BB:CC:00:00:12'));
    expect(await expireGuestSessions(t.database.db, new Date(clock.getTime() + 59 * 60_000))).toBe(0);
    expect(await expireGuestSessions(t.database.db, new Date(clock.getTime() + 61 * 60_000))).toBeGreaterThanOrEqual(1);
    const [q2] = await t.database.db.select().from(portalGuestSessions).where(eq(portalGuestSessions.id, q!.id));
    expect(q2).toMatchObject({ state: 'expired', endedAt: q!.expiresAt });
  });

  it('lists the guests of a gateway to its organisation only; kick makes the next counters call Auth: 0', async () => {
    const token = await signIn('aa:bb:cc:00:00:03');
    expect((await auth({ stage: 'login', token, mac: 'aa:bb:cc:00:00:03' })).body).toBe('Auth: 1');
    expect((await auth({ stage: 'counters', token, mac: 'aa:bb:cc:00:00:03', incoming: 5000, outgoing: 600 })).body).toBe('Auth: 1');
    const list = await t.post<{ total: number; list: { id: number; mac: string; state: string; incoming: number; device_id: number }[] }>(
      GUEST, { method: 'list', device_id: gwA, state: 'active' }, { token: staff.token });
    expect(list.code, list.msg).toBe(200);
    const row = list.data!.list.find((r) => r.mac === 'AA:BB:CC:00:00:03');
    expect(row).toMatchObject({ state: 'active', incoming: 5000, device_id: gwA });
    expect((await t.post<{ total: number }>(GUEST, { method: 'list' }, { token: other.token })).data?.total).toBe(0);
    expect(await t.post(GUEST, { method: 'kick', id: row!.id }, { token: other.token })).toMatchObject({ code: Code.NOT_FOUND });
    const viewer = await makeUser(t, orgA, ['portal.guest.list']);
    expect(await t.post(GUEST, { method: 'kick', id: row!.id }, { token: viewer.token })).toMatchObject({ code: Code.FORBIDDEN });

    const kicked = await t.post(GUEST, { method: 'kick', id: row!.id }, { token: staff.token });
    expect(kicked.code, kicked.msg).toBe(200);
    expect((await auth({ stage: 'counters', token, mac: 'aa:bb:cc:00:00:03' })).body).toBe('Auth: 0');
    const [s] = await t.database.db.select().from(portalGuestSessions).where(eq(portalGuestSessions.id, row!.id));
    expect(s).toMatchObject({ state: 'kicked' });
    expect(s!.endedAt).not.toBeNull();
    // The gateway is not on our device channel: no portal_kick command is queued for it.
    expect(await t.database.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, gwA))).toHaveLength(0);
    // Kicking again changes nothing; a session the guest ended is no longer kickable.
    expect((await t.post(GUEST, { method: 'kick', id: row!.id }, { token: staff.token })).code).toBe(200);
    const [again] = await t.database.db.select().from(portalGuestSessions).where(eq(portalGuestSessions.id, row!.id));
    expect(again!.endedAt).toEqual(s!.endedAt);
    const [ended] = await t.database.db.select({ id: portalGuestSessions.id }).from(portalGuestSessions).where(eq(portalGuestSessions.state, 'ended')).limit(1);
    expect(await t.post(GUEST, { method: 'kick', id: ended!.id }, { token: staff.token })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
  });

  it('sends portal_kick to a gateway online on the device channel', async () => {
    await t.database.db.update(devices).set({ online: 1 }).where(eq(devices.id, gwA));
    try {
      const token = await signIn('aa:bb:cc:00:00:04');
      expect((await auth({ stage: 'login', token, mac: 'aa:bb:cc:00:00:04' })).body).toBe('Auth: 1');
      const [s] = await t.database.db.select().from(portalGuestSessions).where(eq(portalGuestSessions.mac, 'AA:BB:CC:00:00:04'));
      expect((await t.post(GUEST, { method: 'kick', id: s!.id }, { token: staff.token })).code).toBe(200);
      const cmds = await t.database.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, gwA));
      expect(cmds.map((c) => [c.name, c.params])).toEqual([['portal_kick', { mac: 'AA:BB:CC:00:00:04' }]]);
    } finally {
      await t.database.db.update(devices).set({ online: 0 }).where(eq(devices.id, gwA));
    }
  });

  it('denies unknown gateways, foreign tokens and bad parameters, never with a 500', async () => {
    const token = await signIn('aa:bb:cc:00:00:05');
    // A gateway of another organisation cannot use this organisation's token; an unknown gateway gets Auth: 0.
    expect((await auth({ stage: 'login', token, gw_id: 'WDGWB0001', mac: 'aa:bb:cc:00:00:05' })).body).toBe('Auth: 0');
    expect((await auth({ stage: 'login', token, gw_id: 'NOPE0001', mac: 'aa:bb:cc:00:00:05' })).body).toBe('Auth: 0');
    expect((await auth({ stage: 'login', token: 'x'.repeat(43), mac: 'aa:bb:cc:00:00:05' })).body).toBe('Auth: 0');
    for (const bad of [
      { stage: 'sometimes', token }, { stage: 'login', token: 'short' }, { stage: 'login', token, mac: 'zz:bb:cc:00:00:05' },
      { stage: 'login', token, ip: '300.1.1.1' }, { stage: 'counters', token, incoming: -1 }, { stage: 'counters', token, incoming: 'many' },
      { stage: 'login', token, gw_id: '../etc' },
    ]) {
      const r = await auth(bad);
      expect(r, JSON.stringify(bad)).toEqual({ status: 400, body: 'Auth: 0' });
    }
    const noStage = await get('auth/', { token, gw_id: 'WDGW0001' });
    expect(noStage.status).toBe(400);
    // The token still works for its own gateway and MAC after all that.
    expect((await auth({ stage: 'login', token, mac: 'aa:bb:cc:00:00:05' })).body).toBe('Auth: 1');

    for (const q of [
      { gw_id: 'WDGW0001', gw_address: 'gw.local', gw_port: 2060 }, { gw_id: 'WDGW0001', gw_address: '192.168.1.1', gw_port: 70000 },
      { gw_id: 'WDGW0001', gw_address: '192.168.1.1', gw_port: 2060, mac: 'nope' }, { gw_address: '192.168.1.1', gw_port: 2060 },
    ]) expect((await get('login/', q)).status, JSON.stringify(q)).toBe(400);
    for (const gw_id of ['NOPE0001', 'WDOFF0001']) {
      const r = await get('login/', { gw_id, gw_address: '192.168.1.1', gw_port: 2060 });
      expect(r.status).toBe(404);
      expect(await r.text()).toContain('Unknown gateway');
    }
    expect((await get('portal/', { gw_id: 'NOPE0001' })).status).toBe(404);
    expect((await get('portal/', {})).status).toBe(400);

    // Signing in with a gateway of another organisation, or without the gateway's address, names the field.
    const ip = freshIp();
    expect(await pub({ method: 'login', kind: 'one_click', org: orgA, gw_id: 'WDGWB0001', gw_address: '192.168.1.1', gw_port: 2060 }, ip))
      .toMatchObject({ code: Code.VALIDATION, field: 'gw_id' });
    expect(await pub({ method: 'login', kind: 'one_click', org: orgA, gw_id: 'WDGW0001', gw_port: 2060 }, ip)).toMatchObject({ code: Code.VALIDATION, field: 'gw_address' });
    expect(await pub({ method: 'login', kind: 'one_click', org: orgA, gw_id: 'WDGW0001', gw_address: '192.168.1.1', gw_port: 0 }, ip)).toMatchObject({ code: Code.VALIDATION, field: 'gw_port' });
  });

  it('stops answering a disabled organisation\'s gateways', async () => {
    const token = await signIn('aa:bb:cc:00:00:06');
    expect((await auth({ stage: 'login', token, mac: 'aa:bb:cc:00:00:06' })).body).toBe('Auth: 1');
    await t.database.db.update(organizations).set({ status: 0 }).where(eq(organizations.id, orgA));
    try {
      expect((await auth({ stage: 'counters', token, mac: 'aa:bb:cc:00:00:06' })).body).toBe('Auth: 0');
      expect((await get('ping/', { gw_id: 'WDGW0001' })).status).toBe(404);
    } finally {
      await t.database.db.update(organizations).set({ status: 1 }).where(eq(organizations.id, orgA));
    }
  });

  it('shows the gateway messages in both languages', async () => {
    for (const message of ['denied', 'activate', 'failed_validation']) {
      const r = await fetch(`${t.url}/wifidog/gw_message.php?message=${message}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/html');
      const html = await r.text();
      expect(html).toContain(`data-testid="wifidog-${message}"`);
      expect(html).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await fetch(`${t.url}/wifidog/gw_message.php?message=%3Cscript%3E`)).status).toBe(400);
  });
});
