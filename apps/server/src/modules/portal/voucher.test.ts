import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Code, groupVoucher, PortalApi, VOUCHER_ALPHABET, VOUCHER_CODE_LENGTH, type WifiConfig, type WifiLoginAnswer } from '@gx/contract';
import { portalGuestSessions } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { expireVouchers, portalVoucherRedemptions, portalVouchers } from './voucher';

const SETTINGS = '/admin/device/portal';
const VOUCHER = '/admin/device/portal/auth_code';
const from = '2026-06-01T00:00:00Z';
const until = '2026-07-01T00:00:00Z';

interface VoucherRow { id: number; code: string; batch: string; state: string; uses: number; used: number; place: string }
interface Page<T> { list: T[]; total: number }

describe.each(engines)('portal vouchers (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;
  let orgA: number;
  let orgB: number;
  let clock = new Date('2026-06-10T08:00:00Z');
  let ipSeq = 0;
  /** Every test speaks from its own address, so the per-IP limits of one test do not reach the next. */
  const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on' }, services: { now: () => clock } });
    orgA = await makeOrg(t, 'Voucher A');
    orgB = await makeOrg(t, 'Voucher B');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, orgB, 'all');
    for (const u of [staff, other]) {
      const r = await t.post(SETTINGS, { method: 'add', place: '', mode: 'auth', auth_sms: true, auth_voucher: true, session_minutes: 60 }, { token: u.token });
      expect(r.code, r.msg).toBe(200);
    }
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(body: Record<string, unknown>, token = staff.token) => t.post<T>(VOUCHER, body, { token });
  const generate = async (batch: string, extra: Record<string, unknown> = {}, token = staff.token) => {
    const r = await call<{ batch: string; count: number }>({ method: 'add', batch, count: 3, valid_from: from, valid_until: until, uses: 1, ...extra }, token);
    expect(r.code, r.msg).toBe(200);
    const rows = await call<Page<VoucherRow>>({ method: 'list', batch, size: 100 }, token);
    return rows.data!.list;
  };
  const redeem = (org: number, voucher: string, ip = freshIp(), extra: Record<string, unknown> = {}) =>
    t.post<WifiLoginAnswer>(PortalApi.wifilogin, { method: 'login', org, kind: 'voucher', voucher, ...extra }, { headers: { 'x-forwarded-for': ip } });

  it('generates a batch of unique codes of the unambiguous alphabet', async () => {
    const r = await call<{ batch: string; count: number }>({ method: 'add', batch: 'Big', count: 250, valid_from: from, valid_until: until, uses: 2, remark: 'lobby' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ batch: 'Big', count: 250 });
    const rows = await t.database.db.select().from(portalVouchers).where(eq(portalVouchers.batch, 'Big'));
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((v) => v.code)).size).toBe(250);
    for (const v of rows) {
      expect(v.code).toHaveLength(VOUCHER_CODE_LENGTH);
      expect([...v.code].every((c) => VOUCHER_ALPHABET.includes(c))).toBe(true);
      expect(v.code).not.toMatch(/[01OI]/);
      expect(v).toMatchObject({ orgId: orgA, uses: 2, used: 0, state: 'unused', remark: 'lobby' });
    }
    const page = await call<Page<VoucherRow>>({ method: 'list', batch: 'Big', state: 'unused', size: 10 });
    expect(page.data?.total).toBe(250);
  });

  it('refuses bad batches, naming the field', async () => {
    const base = { method: 'add', batch: 'Bad', count: 2, valid_from: from, valid_until: until, uses: 1 };
    for (const [field, value] of [['count', 0], ['count', 1001], ['uses', 0], ['session_minutes', -1], ['batch', '']] as const) {
      expect(await call({ ...base, [field]: value }), `${field}=${value}`).toMatchObject({ code: Code.VALIDATION, field });
    }
    expect(await call({ ...base, valid_until: '2026-05-01T00:00:00Z' })).toMatchObject({ code: Code.VALIDATION, field: 'valid_until' });
    expect(await call({ ...base, code: 'AAAAAAAAAA' })).toMatchObject({ code: Code.VALIDATION, field: 'code' });
    expect(await call({ ...base, bogus: 1 })).toMatchObject({ code: Code.VALIDATION, field: 'bogus' });
    expect((await call<Page<VoucherRow>>({ method: 'list', batch: 'Bad' })).data?.total).toBe(0);
  });

  it('keeps each organisation to its own codes, in the console and at the portal', async () => {
    const [mine] = await generate('Tenancy');
    expect((await call<Page<VoucherRow>>({ method: 'list', batch: 'Tenancy' }, other.token)).data?.total).toBe(0);
    expect(await call({ method: 'detail', id: mine!.id }, other.token)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'revoke', id: mine!.id }, other.token)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await redeem(orgB, mine!.code)).toMatchObject({ code: Code.VALIDATION, field: 'voucher' });
    const after = await call<VoucherRow>({ method: 'detail', id: mine!.id });
    expect(after.data).toMatchObject({ used: 0, state: 'unused' });
  });

  it('counts uses down to used up, records each sign-in and grants the voucher\'s session length', async () => {
    const [v] = await generate('Count', { count: 1, uses: 2, session_minutes: 30 });
    // Typed the way it is printed, in small letters: still the code.
    const first = await redeem(orgA, groupVoucher(v!.code).toLowerCase(), freshIp(), { mac: 'aa:bb:cc:dd:ee:01', phone: '13800138000' });
    expect(first.code, first.msg).toBe(200);
    expect(first.data).toMatchObject({ granted: true, session_minutes: 30 });
    expect((await call<VoucherRow>({ method: 'detail', id: v!.id })).data).toMatchObject({ used: 1, state: 'in_use' });
    expect((await redeem(orgA, v!.code)).code).toBe(200);
    expect((await call<VoucherRow>({ method: 'detail', id: v!.id })).data).toMatchObject({ used: 2, state: 'used_up' });
    expect(await redeem(orgA, v!.code)).toMatchObject({ code: Code.VALIDATION, field: 'voucher' });
    const spent = await t.database.db.select().from(portalVoucherRedemptions).where(eq(portalVoucherRedemptions.voucherId, v!.id));
    expect(spent).toHaveLength(2);
    expect(spent.find((s) => s.mac)).toMatchObject({ mac: 'AA:BB:CC:DD:EE:01', phone: '13800138000', orgId: orgA });
    const sessions = await t.database.db.select().from(portalGuestSessions).where(eq(portalGuestSessions.identity, v!.code));
    expect(sessions.map((s) => s.kind)).toEqual(['voucher', 'voucher']);
  });

  it('refuses revoked, expired, not yet valid, other places\' and unknown codes', async () => {
    const [a, b] = await generate('Refused', { count: 2 });
    expect((await call({ method: 'revoke', id: a!.id })).code).toBe(200);
    expect((await redeem(orgA, a!.code)).msg).toMatch(/revoked|作废/);
    // Nothing to revoke once a code is used up (the state machine refuses), and a revoked code stays revoked.
    const [spent] = await generate('Spent', { count: 1 });
    expect((await redeem(orgA, spent!.code)).code).toBe(200);
    expect((await call({ method: 'revoke', id: spent!.id })).code).not.toBe(200);

    const later = await generate('Later', { count: 1, valid_from: '2026-06-20T00:00:00Z' });
    expect(await redeem(orgA, later[0]!.code)).toMatchObject({ code: Code.VALIDATION, field: 'voucher' });
    const lobby = await generate('Lobby', { count: 1, place: 'lobby' });
    expect(await redeem(orgA, lobby[0]!.code, freshIp(), { place: 'terrace' })).toMatchObject({ code: Code.VALIDATION, field: 'voucher' });
    expect((await redeem(orgA, lobby[0]!.code, freshIp(), { place: 'lobby' })).code).toBe(200);
    expect(await redeem(orgA, 'ZZZZZZZZZZ')).toMatchObject({ code: Code.VALIDATION, field: 'voucher' });
    expect(await redeem(orgA, '')).toMatchObject({ code: Code.VALIDATION, field: 'voucher' });

    const saved = clock;
    clock = new Date('2026-07-02T00:00:00Z');
    try {
      expect((await redeem(orgA, b!.code)).msg).toMatch(/expired|过期/);
      expect(await expireVouchers(t.database.db, clock)).toBeGreaterThan(0);
      // Read from the table: the operator's session does not last the three weeks the clock jumped.
      const stateOf = async (id: number) => (await t.database.db.select().from(portalVouchers).where(eq(portalVouchers.id, id)))[0]?.state;
      expect(await stateOf(b!.id)).toBe('expired');
      expect(await stateOf(a!.id)).toBe('revoked');
    } finally {
      clock = saved;
    }
  });

  it('lets exactly one of two concurrent sign-ins take the last use', async () => {
    for (let round = 0; round < 3; round++) {
      const [v] = await generate(`Race ${round}`, { count: 1, uses: 1 });
      const answers = await Promise.all([redeem(orgA, v!.code), redeem(orgA, v!.code)]);
      expect(answers.map((a) => a.code).sort()).toEqual([200, Code.VALIDATION].sort());
      const [row] = await t.database.db.select().from(portalVouchers).where(eq(portalVouchers.id, v!.id));
      expect(row).toMatchObject({ used: 1, state: 'used_up' });
      expect(await t.database.db.select().from(portalVoucherRedemptions).where(eq(portalVoucherRedemptions.voucherId, v!.id))).toHaveLength(1);
    }
  });

  it('is offered only when the portal settings enable it', async () => {
    const ip = freshIp();
    const cfg = await t.post<WifiConfig>(PortalApi.wifilogin, { method: 'config', org: orgA }, { headers: { 'x-forwarded-for': ip } });
    expect(cfg.data?.auth).toEqual(['sms', 'voucher']);
    const orgC = await makeOrg(t, 'Voucher C');
    const owner = await makeUser(t, orgC, 'all');
    expect((await t.post(SETTINGS, { method: 'add', place: '', mode: 'auth', auth_sms: true }, { token: owner.token })).code).toBe(200);
    const [v] = await generate('Off', { count: 1 }, owner.token);
    expect(await redeem(orgC, v!.code)).toMatchObject({ code: Code.VALIDATION, field: 'kind' });
    // Vouchers alone are a way to sign in.
    const only = await t.post(SETTINGS, { method: 'add', place: 'kiosk', mode: 'auth', auth_sms: false, auth_voucher: true }, { token: owner.token });
    expect(only.code, only.msg).toBe(200);
    expect((await redeem(orgC, v!.code, freshIp(), { place: 'kiosk' })).code).toBe(200);
  });

  it('exports a batch as xlsx and removes codes', async () => {
    const rows = await generate('Export', { count: 4 });
    const r = await call<{ filename: string; content: string; rows: number }>({ method: 'export', batch: 'Export' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data?.rows).toBe(4);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(r.data!.content, 'base64') as unknown as ArrayBuffer);
    const cells = wb.worksheets[0]!.getSheetValues().flat().map(String);
    for (const v of rows) expect(cells).toContain(v.code);
    expect((await call({ method: 'remove', ids: rows.map((v) => v.id) })).code).toBe(200);
    expect((await call<Page<VoucherRow>>({ method: 'list', batch: 'Export' })).data?.total).toBe(0);
  });
});
