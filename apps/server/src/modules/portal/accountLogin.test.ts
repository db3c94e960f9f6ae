import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code, md5, PortalApi, type WifiConfig, type WifiLoginAnswer } from '@gx/contract';
import { portalGuestSessions } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { WIFI_LIMITS } from './limits';
import { portalMembers } from './member';

const SETTINGS = '/admin/device/portal';
const GUESTS = '/admin/portal/hotel_guest';
const MEMBERS = '/admin/portal/member';

interface Page<T> { list: T[]; total: number }
interface StayRow { id: number; room: string; surname: string; check_in: string; check_out: string }

/**
 * Account sign-in on /wifilogin against the organisation's own directory: hotel stays (room + surname, between
 * check-in and check-out) and members (number or phone + password), with the tries cap, tenancy and the grant the
 * other sign-in types give.
 */
describe.each(engines)('portal account sign-in (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;
  let orgA: number;
  let orgB: number;
  let settingsA = 0;
  const clock = new Date('2026-06-10T08:00:00Z');
  let ipSeq = 0;
  /** Every test speaks from its own address, so the per-IP limits of one test do not reach the next. */
  const freshIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on' }, services: { now: () => clock } });
    orgA = await makeOrg(t, 'Harbour Hotel');
    orgB = await makeOrg(t, 'Other Hotel');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, orgB, 'all');
    const a = await t.post<{ id: number }>(SETTINGS, {
      method: 'add', place: '', mode: 'auth', auth_sms: false, auth_account: true, account_kind: 'hotel', session_minutes: 90, up_kbps: 512, down_kbps: 4096,
    }, { token: staff.token });
    expect(a.code, a.msg).toBe(200);
    settingsA = a.data!.id;
    const b = await t.post(SETTINGS, { method: 'add', place: '', mode: 'auth', auth_sms: false, auth_account: true, account_kind: 'hotel' }, { token: other.token });
    expect(b.code, b.msg).toBe(200);
  });
  afterAll(async () => t.close());

  const stay = async (room: string, surname: string, checkIn: string, checkOut: string, token = staff.token) => {
    const r = await t.post<{ id: number }>(GUESTS, { method: 'add', room, surname, guest_name: `${surname} family`, check_in: checkIn, check_out: checkOut }, { token });
    expect(r.code, r.msg).toBe(200);
    return r.data!.id;
  };
  const login = (org: number, body: Record<string, unknown>, ip = freshIp()) =>
    t.post<WifiLoginAnswer>(PortalApi.wifilogin, { method: 'login', org, kind: 'account', ...body }, { headers: { 'x-forwarded-for': ip, 'accept-language': 'en' } });
  const setKind = async (kind: 'hotel' | 'member') => {
    const r = await t.post(SETTINGS, { method: 'update', id: settingsA, account_kind: kind }, { token: staff.token });
    expect(r.code, r.msg).toBe(200);
  };

  it('offers the account tab with its directory in the page configuration', async () => {
    const r = await t.post<WifiConfig>(PortalApi.wifilogin, { method: 'config', org: orgA });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ auth: ['account'], account_kind: 'hotel' });
  });

  it('lets a hotel guest in by room and surname during the stay, granted as every other type', async () => {
    const id = await stay(' 12 03 ', 'Smith', '2026-06-09T14:00:00Z', '2026-06-12T12:00:00Z');
    const row = await t.post<StayRow>(GUESTS, { method: 'detail', id }, { token: staff.token });
    expect(row.data).toMatchObject({ room: '1203', surname: 'Smith' });
    const r = await login(orgA, { room: '1203', surname: '  smith ', mac: 'AA:BB:CC:00:12:03', url: 'http://news.example.com/' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ granted: true, session_minutes: 90, up_kbps: 512, down_kbps: 4096, redirect: 'http://news.example.com/', gateway_url: '' });
    const [session] = await t.database.db.select().from(portalGuestSessions)
      .where(and(eq(portalGuestSessions.orgId, orgA), eq(portalGuestSessions.mac, 'AA:BB:CC:00:12:03')));
    expect(session).toMatchObject({ kind: 'account', identity: `stay:${id}`, upKbps: 512, downKbps: 4096 });
  });

  it('refuses a wrong surname and a stay outside its dates, saying which', async () => {
    await stay('801', 'Garcia', '2026-06-11T14:00:00Z', '2026-06-13T12:00:00Z');
    await stay('802', 'Okafor', '2026-06-01T14:00:00Z', '2026-06-10T07:00:00Z');
    expect(await login(orgA, { room: '801', surname: 'Smith' })).toMatchObject({ code: Code.VALIDATION, field: 'surname', msg: expect.stringContaining('No guest of this room has this surname') });
    expect(await login(orgA, { room: '801', surname: 'garcia' })).toMatchObject({ code: Code.VALIDATION, field: 'room', msg: expect.stringContaining('Your stay has not started yet: Wi-Fi opens at check-in') });
    expect(await login(orgA, { room: '802', surname: 'Okafor' })).toMatchObject({ code: Code.VALIDATION, field: 'room', msg: expect.stringContaining('Your stay has ended (checked out)') });
    expect(await login(orgA, { surname: 'Okafor' })).toMatchObject({ code: Code.VALIDATION, field: 'room' });
    expect(await login(orgA, { room: '802' })).toMatchObject({ code: Code.VALIDATION, field: 'surname' });
  });

  it('stops a room after 5 wrong tries, whatever the address, and an address after its cap', async () => {
    await stay('905', 'Lindqvist', '2026-06-09T14:00:00Z', '2026-06-12T12:00:00Z');
    for (let i = 0; i < WIFI_LIMITS.accountWrongPerId; i++) {
      expect(await login(orgA, { room: '905', surname: `Guess${i}` })).toMatchObject({ code: Code.VALIDATION, field: 'surname' });
    }
    const locked = await login(orgA, { room: '905', surname: 'Lindqvist' });
    expect(locked).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS, field: 'room' });
    expect((locked as { data?: { retryAfter?: number } }).data?.retryAfter).toBeGreaterThan(0);
    // The same room number at another organisation is another room.
    await stay('905', 'Lindqvist', '2026-06-09T14:00:00Z', '2026-06-12T12:00:00Z', other.token);
    expect((await login(orgB, { room: '905', surname: 'Lindqvist' })).code).toBe(200);

    const ip = freshIp();
    for (let i = 0; i < WIFI_LIMITS.accountWrongPerIp; i++) {
      expect((await login(orgA, { room: `R${i}`, surname: 'Nobody' }, ip)).code).toBe(Code.VALIDATION);
    }
    await stay('906', 'Tanaka', '2026-06-09T14:00:00Z', '2026-06-12T12:00:00Z');
    expect(await login(orgA, { room: '906', surname: 'Tanaka' }, ip)).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS });
    expect((await login(orgA, { room: '906', surname: 'Tanaka' })).code).toBe(200);
  });

  it('keeps each organisation to its own directory, in the console and at the portal', async () => {
    const id = await stay('1507', 'Novak', '2026-06-09T14:00:00Z', '2026-06-12T12:00:00Z');
    const theirs = await t.post<Page<StayRow>>(GUESTS, { method: 'list', room: '1507' }, { token: other.token });
    expect(theirs.data?.total).toBe(0);
    expect((await t.post(GUESTS, { method: 'detail', id }, { token: other.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post(GUESTS, { method: 'update', id, surname: 'Taken' }, { token: other.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post(GUESTS, { method: 'remove', ids: [id] }, { token: other.token })).code).not.toBe(200);
    expect(await login(orgB, { room: '1507', surname: 'Novak' })).toMatchObject({ code: Code.VALIDATION, field: 'surname' });
    expect((await login(orgA, { room: '1507', surname: 'Novak' })).code).toBe(200);
  });

  it('refuses a check-out before check-in, naming the field', async () => {
    const r = await t.post(GUESTS, { method: 'add', room: '1', surname: 'X', check_in: '2026-06-10T00:00:00Z', check_out: '2026-06-09T00:00:00Z' }, { token: staff.token });
    expect(r).toMatchObject({ code: Code.VALIDATION, field: 'check_out' });
  });

  it('lets a member in by number or phone and password, kept hashed; refuses wrong or lapsed ones', async () => {
    const add = await t.post<{ id: number }>(MEMBERS, { method: 'add', member_no: 'VIP-0042', name: 'Li Lei', phone: '13912345678', password: md5('Member#42') }, { token: staff.token });
    expect(add.code, add.msg).toBe(200);
    const [stored] = await t.database.db.select().from(portalMembers).where(eq(portalMembers.id, add.data!.id));
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
    expect(stored!.passwordHash).not.toContain(md5('Member#42'));
    const detail = await t.post<Record<string, unknown>>(MEMBERS, { method: 'detail', id: add.data!.id }, { token: staff.token });
    expect(detail.data).not.toHaveProperty('password');
    expect((await t.post(MEMBERS, { method: 'add', member_no: 'VIP-0042', password: md5('x') }, { token: staff.token })).code).toBe(Code.CONFLICT);
    expect(await t.post(MEMBERS, { method: 'add', member_no: 'VIP-0043' }, { token: staff.token })).toMatchObject({ code: Code.VALIDATION, field: 'password' });

    await setKind('member');
    try {
      expect((await t.post<WifiConfig>(PortalApi.wifilogin, { method: 'config', org: orgA })).data?.account_kind).toBe('member');
      expect((await login(orgA, { member: 'vip-0042', password: md5('Member#42') })).code).toBe(200);
      expect((await login(orgA, { member: '13912345678', password: md5('Member#42') })).code).toBe(200);
      expect(await login(orgA, { member: 'VIP-0042', password: md5('wrong') })).toMatchObject({ code: Code.VALIDATION, field: 'password', msg: expect.stringContaining('Member number or password is wrong') });
      expect(await login(orgA, { member: 'VIP-9999', password: md5('Member#42') })).toMatchObject({ code: Code.VALIDATION, field: 'password' });
      expect(await login(orgA, { member: 'VIP-0042', password: 'plain-text' })).toMatchObject({ code: Code.VALIDATION, field: 'password' });
      // Another organisation's member is nobody here.
      expect(await login(orgB, { member: 'VIP-0042', password: md5('Member#42') })).toMatchObject({ code: Code.VALIDATION });
      // A new password replaces the old one; an edit without one keeps it.
      expect((await t.post(MEMBERS, { method: 'update', id: add.data!.id, name: 'Li Lei (gold)' }, { token: staff.token })).code).toBe(200);
      expect((await login(orgA, { member: 'VIP-0042', password: md5('Member#42') })).code).toBe(200);
      expect((await t.post(MEMBERS, { method: 'update', id: add.data!.id, password: md5('New#43') }, { token: staff.token })).code).toBe(200);
      expect((await login(orgA, { member: 'VIP-0042', password: md5('Member#42') })).code).toBe(Code.VALIDATION);
      expect((await login(orgA, { member: 'VIP-0042', password: md5('New#43') })).code).toBe(200);
      expect((await t.post(MEMBERS, { method: 'disable', ids: [add.data!.id] }, { token: staff.token })).code).toBe(200);
      expect(await login(orgA, { member: 'VIP-0042', password: md5('New#43') })).toMatchObject({ code: Code.VALIDATION, field: 'member', msg: expect.stringContaining('This membership is no longer valid') });
      // A hotel login is not what this portal asks for now.
      expect(await login(orgA, { room: '1203', surname: 'Smith' })).toMatchObject({ code: Code.VALIDATION, field: 'member' });
    } finally {
      await setKind('hotel');
    }
  });

  it('imports and exports the directories like every resource; imported members sign in with their password', async () => {
    const upload = async (path: string, csv: string) => {
      const form = new FormData();
      form.append('method', 'import');
      form.append('file', new Blob([Buffer.from(csv, 'utf8')]), 'directory.csv');
      const res = await fetch(`${t.url}/v3${path}`, { method: 'POST', headers: { authorization: `Bearer ${staff.token}`, 'accept-language': 'en' }, body: form });
      return (await res.json()) as { code: number; msg: string; data?: { imported?: number } };
    };
    const stays = await upload(GUESTS, 'Room,Surname,Check-in,Check-out\n2101,Haddad,2026-06-09T14:00:00Z,2026-06-11T12:00:00Z\n2102,Berg,2026-06-09T14:00:00Z,2026-06-11T12:00:00Z\n');
    expect(stays.code, stays.msg).toBe(200);
    expect(stays.data?.imported).toBe(2);
    const members = await upload(MEMBERS, 'member_no,name,password\nIMP-1,Wang Fang,Imported#1\n');
    expect(members.code, members.msg).toBe(200);
    expect((await login(orgA, { room: '2102', surname: 'berg' })).code).toBe(200);
    await setKind('member');
    try {
      expect((await login(orgA, { member: 'IMP-1', password: md5('Imported#1') })).code).toBe(200);
    } finally {
      await setKind('hotel');
    }
    const exported = await t.post<{ filename: string; content: string; rows: number }>(GUESTS, { method: 'export', room: '2101' }, { token: staff.token });
    expect(exported.code, exported.msg).toBe(200);
    expect(exported.data?.rows).toBe(1);
    const memberExport = await t.post<{ rows: number }>(MEMBERS, { method: 'export', member_no: 'IMP' }, { token: staff.token });
    expect(memberExport.code, memberExport.msg).toBe(200);
    expect(memberExport.data?.rows).toBe(1);
  });

  it('refuses asking a PMS the server is not connected to, naming the field', async () => {
    const r = await t.post(SETTINGS, { method: 'update', id: settingsA, account_source: 'pms', account_property: 'HARBOUR' }, { token: staff.token });
    expect(r).toMatchObject({ code: Code.VALIDATION, field: 'account_source' });
    // Account sign-in alone satisfies "at least one sign-in method".
    const only = await t.post(SETTINGS, { method: 'add', place: 'annex', mode: 'auth', auth_sms: false, auth_account: true }, { token: staff.token });
    expect(only.code, only.msg).toBe(200);
  });
});
