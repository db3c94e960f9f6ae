import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { Code, PortalApi, type CommandMessage, type WifiLoginAnswer } from '@gx/contract';
import { deviceCommands, portalGuestSessions } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { deviceApi, playDevice, until, type PlayedDevice } from '../equipment/testing';
import { endIfOverQuota } from './quota';

const SETTINGS = '/admin/device/portal';
const GUEST = '/admin/portal/guest';
const MB = 1_000_000;

/**
 * Our own gateways on the device channel (docs/device-protocol.md, portal commands and `up/portal`), daily quotas
 * (WiFiDog counters and `up/portal`), and remembered guests, played with a real mqtt.js client and plain HTTP.
 */
describe.each(engines)('portal gateways, quotas and remembered guests (%s)', (engine) => {
  let t: TestApp;
  let clock = new Date('2026-06-10T08:00:00Z');
  let ipSeq = 0;
  const freshIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const open: PlayedDevice[] = [];
  afterAll(async () => {
    await Promise.allSettled(open.map((d) => d.end()));
    await t?.close();
  });

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on', MQTT_PORT: 'auto' }, services: { now: () => clock } });
    await t.login();
  });

  /** An organisation with its portal settings, one MQTT gateway (played, online) and one WiFiDog gateway. */
  async function setUp(name: string, settings: Record<string, unknown>) {
    const orgId = await makeOrg(t, name);
    const staff: MadeUser = await makeUser(t, orgId, 'all');
    const s = await t.post(SETTINGS, { method: 'add', place: '', mode: 'auth', auth_sms: false, auth_one_click: true, up_kbps: 512, down_kbps: 2048, session_minutes: 120, ...settings }, { token: staff.token });
    expect(s.code, s.msg).toBe(200);
    const api = deviceApi(t, staff.token);
    const tag = name.replace(/\W/g, '').toUpperCase();
    const mq = await api.add(`MQ${tag}01`);
    const wd = await api.add(`WD${tag}01`);
    const device = await playDevice(t.app.deviceChannel.transport.address()!, `MQ${tag}01`, mq.secret);
    open.push(device);
    // The longest heartbeat: the tests move the clock by minutes, and the silence sweep (3 × heartbeat on that clock)
    // must not take the gateway offline between a jump and a sign-in whose portal_allow it waits for.
    await device.hello(3600);
    await until('the MQTT gateway online', async () => (await api.device(mq.id)).online === 1);
    return { orgId, staff, api, device, mqId: mq.id, mqSerial: `MQ${tag}01`, wdId: wd.id, wdSerial: `WD${tag}01` };
  }
  type Org = Awaited<ReturnType<typeof setUp>>;

  const gateway = (path: string, params: Record<string, string | number>, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/wifidog/${path}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`, { redirect: 'manual', headers });
  const pub = <T>(body: Record<string, unknown>) => t.post<T>(PortalApi.wifilogin, body, { headers: { 'x-forwarded-for': freshIp() } });
  const lastSession = async (orgId: number, mac: string) =>
    (await t.database.db.select().from(portalGuestSessions).where(and(eq(portalGuestSessions.orgId, orgId), eq(portalGuestSessions.mac, mac)))
      .orderBy(desc(portalGuestSessions.id)).limit(1))[0]!;
  const commandsOf = (d: PlayedDevice, name: string, mac: string) => d.commands.filter((c) => c.name === name && (c.params as { mac?: string }).mac === mac);
  /**
   * After a jump of the clock: the gateway says hello at the new time (a real one is heard all along) and the test
   * goes on once that is stored, so the silence sweep, which reads the same clock, leaves it online.
   */
  async function heardNow(o: Org) {
    await o.device.hello(3600);
    await until('the gateway heard at the new time', async () => {
      const d = await o.api.device(o.mqId);
      return d.online === 1 && d.last_seen_at === clock.toISOString();
    });
  }

  /** The guest behind our MQTT gateway: login/ without address and port → /wifilogin → one-click sign-in. */
  async function channelSignIn(o: Org, mac: string) {
    const r = await gateway('login/', { gw_id: o.mqSerial, mac, url: 'http://example.com/news' });
    expect(r.status).toBe(302);
    const to = new URL(r.headers.get('location')!, t.url);
    expect(to.pathname).toBe('/wifilogin');
    const visit = Object.fromEntries(to.searchParams);
    expect(visit).toEqual({ org: String(o.orgId), gw_id: o.mqSerial, mac: mac.toUpperCase(), url: 'http://example.com/news' });
    return pub<WifiLoginAnswer>({ method: 'login', kind: 'one_click', org: o.orgId, gw_id: visit.gw_id, mac: visit.mac, url: visit.url });
  }

  /** The guest behind the WiFiDog gateway; answers the token of the gateway URL. */
  async function wifidogSignIn(o: Org, mac: string): Promise<string> {
    const ok = await pub<WifiLoginAnswer>({ method: 'login', kind: 'one_click', org: o.orgId, gw_id: o.wdSerial, gw_address: '192.168.1.1', gw_port: 2060, mac });
    expect(ok.code, ok.msg).toBe(200);
    return new URL(ok.data!.gateway_url).searchParams.get('token')!;
  }
  const auth = async (o: Org, token: string, mac: string, stage: string, incoming = 0, outgoing = 0) =>
    (await gateway('auth/', { gw_id: o.wdSerial, stage, token, mac, ip: '192.168.1.30', incoming, outgoing })).text();

  it('sends portal_allow with the MAC, speed limits and minutes to our gateway, and portal_kick when kicked', async () => {
    const o = await setUp('Chan A', {});
    const mac = 'AA:BB:CC:10:00:01';
    const ok = await channelSignIn(o, mac.toLowerCase());
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data).toMatchObject({ granted: true, up_kbps: 512, down_kbps: 2048, session_minutes: 120, gateway_url: '' });
    const [allow] = await until('portal_allow at the gateway', () => commandsOf(o.device, 'portal_allow', mac).length > 0 && commandsOf(o.device, 'portal_allow', mac));
    expect(allow!.params).toEqual({ mac, minutes: 120, up_kbps: 512, down_kbps: 2048 });
    await o.device.publish('ack', { id: allow!.id });
    await o.device.publish('result', { id: allow!.id, ok: true });
    await until('the allow succeeded', async () => (await o.api.command(allow!.id)).state === 'succeeded');
    const s = await lastSession(o.orgId, mac);
    expect(s).toMatchObject({ deviceId: o.mqId, state: 'active', kind: 'one_click', tokenHash: '' });

    const kick = await t.post(GUEST, { method: 'kick', ids: [s.id] }, { token: o.staff.token });
    expect(kick.code, kick.msg).toBe(200);
    await until('portal_kick at the gateway', () => commandsOf(o.device, 'portal_kick', mac).length > 0);
    expect((await lastSession(o.orgId, mac)).state).toBe('kicked');
  });

  it('refuses a channel sign-in without the MAC or through another organisation\'s gateway, naming the field', async () => {
    const a = await setUp('Chan B', {});
    const b = await setUp('Chan C', {});
    const noMac = await pub({ method: 'login', kind: 'one_click', org: a.orgId, gw_id: a.mqSerial });
    expect([noMac.code, noMac.field]).toEqual([Code.VALIDATION, 'mac']);
    const foreign = await pub({ method: 'login', kind: 'one_click', org: a.orgId, gw_id: b.mqSerial, mac: 'AA:BB:CC:10:00:02' });
    expect([foreign.code, foreign.field]).toEqual([Code.VALIDATION, 'gw_id']);
    expect((await gateway('login/', { gw_id: a.mqSerial })).status).toBe(400);
    const rows = await t.database.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, b.mqId));
    expect(rows.filter((c) => c.name === 'portal_allow')).toEqual([]);
  });

  it('adds up up/portal counters and kicks the guest over MQTT once the daily traffic quota is reached', async () => {
    const o = await setUp('Quota MQ', { daily_mb: 5 });
    const mac = 'AA:BB:CC:20:00:01';
    expect((await channelSignIn(o, mac)).code).toBe(200);
    await until('portal_allow', () => commandsOf(o.device, 'portal_allow', mac).length > 0);
    await o.device.publish('portal', { clients: [{ mac, incoming: 2 * MB, outgoing: MB }] });
    await until('counters stored', async () => (await lastSession(o.orgId, mac)).incoming === 2 * MB);
    expect((await lastSession(o.orgId, mac)).state).toBe('active');
    expect(commandsOf(o.device, 'portal_kick', mac)).toEqual([]);
    // A reordered, smaller report changes nothing; another MAC's is ignored; the quota falls on the next real one.
    await o.device.publish('portal', { clients: [{ mac, incoming: MB, outgoing: 0 }, { mac: 'AA:BB:CC:20:00:99', incoming: 9 * MB, outgoing: 0 }] });
    await o.device.publish('portal', { clients: [{ mac, incoming: 4 * MB, outgoing: MB }] });
    await until('portal_kick for the quota', () => commandsOf(o.device, 'portal_kick', mac).length > 0);
    const s = await lastSession(o.orgId, mac);
    expect(s).toMatchObject({ state: 'quota', incoming: 4 * MB, outgoing: MB });
    expect(s.endedAt).not.toBeNull();
    // The same user (one-click: the same device) is refused for the rest of the day, on either gateway kind.
    const again = await channelSignIn(o, mac);
    expect([again.code, again.field]).toEqual([Code.FAILED, 'kind']);
    const wd = await pub({ method: 'login', kind: 'one_click', org: o.orgId, gw_id: o.wdSerial, gw_address: '192.168.1.1', gw_port: 2060, mac });
    expect(wd.code).toBe(Code.FAILED);
    // A malformed report is an event of the device, not a change.
    await o.device.publish('portal', { clients: [{ mac, incoming: -1, outgoing: 0 }] });
    await until('a malformed event', async () => (await o.api.events(o.mqId)).some((e) => e.code === 'malformed' && e.msg.startsWith('up/portal')));
  });

  it('kicks a guest over MQTT whose reported traffic has not grown for the idle timeout', async () => {
    const o = await setUp('Idle MQ', { idle_minutes: 15 });
    const mac = 'AA:BB:CC:20:00:05';
    expect((await channelSignIn(o, mac)).code).toBe(200);
    await until('portal_allow', () => commandsOf(o.device, 'portal_allow', mac).length > 0);
    const start = clock;
    clock = new Date(start.getTime() + 10 * 60_000);
    await o.device.publish('portal', { clients: [{ mac, incoming: MB, outgoing: 0 }] });
    await until('counters stored', async () => (await lastSession(o.orgId, mac)).incoming === MB);
    // Twenty minutes after the start but ten after the traffic grew: still on.
    clock = new Date(start.getTime() + 20 * 60_000);
    await o.device.publish('portal', { clients: [{ mac, incoming: MB, outgoing: 0 }] });
    await until('report handled', async () => (await lastSession(o.orgId, mac)).lastSeenAt?.getTime() === clock.getTime());
    expect((await lastSession(o.orgId, mac)).state).toBe('active');
    clock = new Date(start.getTime() + 26 * 60_000);
    await o.device.publish('portal', { clients: [{ mac, incoming: MB, outgoing: 0 }] });
    await until('portal_kick for idleness', () => commandsOf(o.device, 'portal_kick', mac).length > 0);
    expect((await lastSession(o.orgId, mac)).state).toBe('idle');
  });

  it('answers Auth: 0 on the WiFiDog counters call that reaches the daily traffic quota', async () => {
    const o = await setUp('Quota WD', { daily_mb: 10 });
    const mac = 'AA:BB:CC:30:00:01';
    const token = await wifidogSignIn(o, mac);
    expect(await auth(o, token, mac, 'login')).toBe('Auth: 1');
    expect(await auth(o, token, mac, 'counters', 6 * MB, 3 * MB)).toBe('Auth: 1');
    expect(await auth(o, token, mac, 'counters', 7 * MB, 3 * MB)).toBe('Auth: 0');
    expect((await lastSession(o.orgId, mac)).state).toBe('quota');
    expect(await auth(o, token, mac, 'counters', 7 * MB, 3 * MB)).toBe('Auth: 0');
  });

  it('cuts a session to what is left of the daily time quota and refuses once it is used up', async () => {
    const o = await setUp('Quota Min', { daily_minutes: 30 });
    const mac = 'AA:BB:CC:40:00:01';
    const start = new Date(clock);
    const token = await wifidogSignIn(o, mac);
    expect((await lastSession(o.orgId, mac)).expiresAt.getTime()).toBe(start.getTime() + 30 * 60_000);
    expect(await auth(o, token, mac, 'login')).toBe('Auth: 1');
    clock = new Date(start.getTime() + 20 * 60_000);
    expect(await auth(o, token, mac, 'logout')).toBe('Auth: 0');
    // 20 minutes used: the next session may last 10.
    const again = await pub<WifiLoginAnswer>({ method: 'login', kind: 'one_click', org: o.orgId, gw_id: o.mqSerial, mac });
    expect(again.data?.session_minutes).toBe(10);
    await until('portal_allow for 10 minutes', () => commandsOf(o.device, 'portal_allow', mac).some((c: CommandMessage) => (c.params as { minutes: number }).minutes === 10));
    clock = new Date(start.getTime() + 31 * 60_000);
    const used = await pub({ method: 'login', kind: 'one_click', org: o.orgId, gw_id: o.mqSerial, mac });
    expect([used.code, used.field]).toEqual([Code.FAILED, 'kind']);
    // A new UTC day starts afresh.
    clock = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 1, 0, 5));
    expect((await pub({ method: 'login', kind: 'one_click', org: o.orgId, gw_id: o.mqSerial, mac })).code).toBe(200);
    clock = new Date(start.getTime() + 2 * 24 * 3600_000);
  });

  it('adds a guest\'s SVIP time to the daily time quota, for the session and for the quota sweep', async () => {
    const o = await setUp('SVIP', { daily_minutes: 30 });
    const mac = 'AA:BB:CC:41:00:01';
    const grant = await t.post('/admin/business/svip_time', { method: 'add', identity_kind: 'mac', identity: mac.toLowerCase(), bonus_minutes: 60 }, { token: o.staff.token });
    expect(grant.code, grant.msg).toBe(200);
    const start = new Date(clock);
    const first = await pub<WifiLoginAnswer>({ method: 'login', kind: 'one_click', org: o.orgId, gw_id: o.mqSerial, mac });
    expect(first.data?.session_minutes).toBe(90);
    // Past the plain 30 minutes the session runs on; past 90 the quota is used up.
    clock = new Date(start.getTime() + 45 * 60_000);
    const s = await lastSession(o.orgId, mac);
    expect(await endIfOverQuota(t.database.db, { id: s.id, orgId: o.orgId, kind: s.kind, identity: s.identity, mac }, { dailyMb: 0, dailyMinutes: 30 }, clock)).toBe(false);
    clock = new Date(start.getTime() + 91 * 60_000);
    expect(await endIfOverQuota(t.database.db, { id: s.id, orgId: o.orgId, kind: s.kind, identity: s.identity, mac }, { dailyMb: 0, dailyMinutes: 30 }, clock)).toBe(true);
    clock = new Date(start.getTime() + 2 * 24 * 3600_000);
  });

  it('lets a remembered device through on any gateway of the organisation for the configured days, not after a kick', async () => {
    const o = await setUp('Remember', { remember_days: 7 });
    const other = await setUp('Remember Other', { remember_days: 7 });
    const mac = 'AA:BB:CC:50:00:01';
    const first = clock;
    await wifidogSignIn(o, mac);
    // Two days later, through our MQTT gateway: no sign-in page, the allow goes over the channel.
    clock = new Date(first.getTime() + 2 * 24 * 3600_000);
    await heardNow(o);
    const r = await gateway('login/', { gw_id: o.mqSerial, mac, url: 'http://example.com/back' });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe(`/wifidog/portal/?gw_id=${o.mqSerial}`);
    await until('portal_allow for the remembered guest', () => commandsOf(o.device, 'portal_allow', mac).length > 0);
    expect(await lastSession(o.orgId, mac)).toMatchObject({ deviceId: o.mqId, kind: 'one_click', state: 'active' });
    // Through the WiFiDog gateway: straight to its auth URL with a working token.
    const w = await gateway('login/', { gw_id: o.wdSerial, gw_address: '192.168.1.1', gw_port: 2060, mac });
    const to = new URL(w.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe('http://192.168.1.1:2060/wifidog/auth');
    expect(await auth(o, to.searchParams.get('token')!, mac, 'login')).toBe('Auth: 1');
    // Another organisation's gateway does not know the device.
    expect(new URL((await gateway('login/', { gw_id: other.mqSerial, mac })).headers.get('location')!, t.url).pathname).toBe('/wifilogin');
    // Kicked by an operator: the next visit signs in again.
    const s = await lastSession(o.orgId, mac);
    expect((await t.post(GUEST, { method: 'kick', ids: [s.id] }, { token: o.staff.token })).code).toBe(200);
    expect(new URL((await gateway('login/', { gw_id: o.mqSerial, mac })).headers.get('location')!, t.url).pathname).toBe('/wifilogin');
    // Past the remembered days: the page again.
    const mac2 = 'AA:BB:CC:50:00:02';
    await wifidogSignIn(o, mac2);
    clock = new Date(clock.getTime() + 8 * 24 * 3600_000);
    expect(new URL((await gateway('login/', { gw_id: o.mqSerial, mac: mac2 })).headers.get('location')!, t.url).pathname).toBe('/wifilogin');
  });
  it('lets a whitelisted MAC through without the sign-in page on either gateway kind, free of quotas', async () => {
    const o = await setUp('Whitelist', { mac_whitelist: 'aa-bb-cc-60-00-01\nAA:BB:CC:60:00:02', daily_minutes: 1 });
    await heardNow(o);
    const settings = await t.post<{ list: { mac_whitelist: string }[] }>(SETTINGS, { method: 'list' }, { token: o.staff.token });
    expect(settings.data!.list[0]!.mac_whitelist).toBe('AA:BB:CC:60:00:01\nAA:BB:CC:60:00:02');
    // Our MQTT gateway: portal_allow at once, then on to the portal page.
    const r = await gateway('login/', { gw_id: o.mqSerial, mac: 'aa:bb:cc:60:00:01', url: 'http://example.com/x' });
    expect(r.headers.get('location')).toBe(`/wifidog/portal/?gw_id=${o.mqSerial}`);
    await until('portal_allow for the whitelisted MAC', () => commandsOf(o.device, 'portal_allow', 'AA:BB:CC:60:00:01').length > 0);
    expect(await lastSession(o.orgId, 'AA:BB:CC:60:00:01')).toMatchObject({ kind: 'whitelist', identity: 'AA:BB:CC:60:00:01', state: 'active' });
    // The WiFiDog gateway: straight to its auth URL with a working token, past a daily time quota of one minute.
    const w = await gateway('login/', { gw_id: o.wdSerial, gw_address: '192.168.1.1', gw_port: 2060, mac: 'AA:BB:CC:60:00:02' });
    const to = new URL(w.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe('http://192.168.1.1:2060/wifidog/auth');
    const token = to.searchParams.get('token')!;
    expect(await auth(o, token, 'AA:BB:CC:60:00:02', 'login')).toBe('Auth: 1');
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await auth(o, token, 'AA:BB:CC:60:00:02', 'counters', 9 * MB, MB)).toBe('Auth: 1');
    // Not on the list: the page.
    expect(new URL((await gateway('login/', { gw_id: o.mqSerial, mac: 'AA:BB:CC:60:00:03' })).headers.get('location')!, t.url).pathname).toBe('/wifilogin');
    // A malformed list is refused, naming the field.
    const list = await t.post<{ list: { id: number }[] }>(SETTINGS, { method: 'list' }, { token: o.staff.token });
    const bad = await t.post(SETTINGS, { method: 'update', id: list.data!.list[0]!.id, mac_whitelist: 'AA:BB:CC:60:00' }, { token: o.staff.token });
    expect([bad.code, bad.field]).toEqual([Code.VALIDATION, 'mac_whitelist']);
  });
});
