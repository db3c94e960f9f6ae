import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  Code, OP_ORDER_CANCELED, OP_ORDER_PAID, OP_ORDER_REFUNDED, PRIZE_KIND_NONE, PRIZE_KIND_PRIZE, WIN_EXPIRED, WIN_REDEEMED,
  type DailySeries, type DrawOutcome, type InvitationStats, type Page, type PrizeRow,
} from '@gx/contract';
import { prizes } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const PRIZE = '/admin/boos/marketing/prize_settings';
const WIN = '/admin/boos/marketing/prize_win';
const INVITE = '/admin/boos/marketing/invitation_statistics';
const PACKAGE = '/admin/marketing/package';
const UNIT = '/admin/marketing/unit_price';
const ORDER = '/admin/marketing/order';

const past = '2020-01-01T00:00:00Z';
const future = '2099-01-01T00:00:00Z';
const prize = (name: string, weight: number | string, extra: Record<string, unknown> = {}) => ({ name, kind: PRIZE_KIND_PRIZE, stock: 10, weight, per_user_limit: 0, ...extra });

describe.each(engines)('marketing (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: MadeUser;
  let outsider: MadeUser;
  let orgA: number;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    orgA = await makeOrg(t, 'Marketing A');
    staff = await makeUser(t, orgA, 'all');
    outsider = await makeUser(t, await makeOrg(t, 'Marketing B'), 'all');
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = staff.token) => t.post<T>(path, body, { token });
  const newDraw = async (extra: Record<string, unknown> = {}) => {
    const r = await call<{ id: number }>(PRIZE, { method: 'add', name: `Draw ${Math.random()}`, starts_at: past, ends_at: future, draw_limit: 0, ...extra });
    expect(r.code, r.msg).toBe(200);
    return r.data!.id;
  };
  const drawOnce = (id: number, participant: string) => call<{ draw: DrawOutcome }>(PRIZE, { method: 'draw', id, participant });

  describe('prize settings', () => {
    it('refuses a draw that ends before it starts, naming ends_at', async () => {
      const r = await call(PRIZE, { method: 'add', name: 'Backwards', starts_at: future, ends_at: past });
      expect(r).toMatchObject({ code: Code.VALIDATION, field: 'ends_at' });
    });

    it('saves prizes only as a set whose probabilities sum to exactly 100 %, naming prizes otherwise', async () => {
      const id = await newDraw();
      const short = await call(PRIZE, { method: 'save_prizes', id, prizes: [prize('Cup', 30), prize('Pen', 60)] });
      expect(short).toMatchObject({ code: Code.VALIDATION, field: 'prizes' });
      const over = await call(PRIZE, { method: 'save_prizes', id, prizes: [prize('Cup', 50.01), prize('Pen', 50)] });
      expect(over).toMatchObject({ code: Code.VALIDATION, field: 'prizes' });
      const fine = await call(PRIZE, { method: 'save_prizes', id, prizes: [prize('Cup', 33.333), prize('Pen', 66.667)] });
      expect(fine).toMatchObject({ code: Code.VALIDATION, field: 'prizes.0.weight' });
      const negative = await call(PRIZE, { method: 'save_prizes', id, prizes: [prize('Cup', 100, { stock: -1 })] });
      expect(negative).toMatchObject({ code: Code.VALIDATION, field: 'prizes.0.stock' });
      expect((await call<PrizeRow[]>(PRIZE, { method: 'prizes', id })).data).toEqual([]);

      const ok = await call<PrizeRow[]>(PRIZE, { method: 'save_prizes', id, prizes: [prize('Cup', '12.5'), prize('Nothing', 87.5, { kind: PRIZE_KIND_NONE })] });
      expect(ok.code, ok.msg).toBe(200);
      expect(ok.data?.map((p) => [p.name, p.weight, p.stock])).toEqual([['Cup', 12.5, 10], ['Nothing', 87.5, 0]]);
      const row = await call<{ prize_count: number; weight_total: number }>(PRIZE, { method: 'detail', id });
      expect(row.data).toMatchObject({ prize_count: 2, weight_total: 100 });

      // Editing keeps a prize by id, drops the missing one and adds new ones, still summing to 100 %.
      const cup = ok.data![0]!;
      const next = await call<PrizeRow[]>(PRIZE, { method: 'save_prizes', id, prizes: [{ ...prize('Cup XL', 40), id: cup.id }, prize('Mug', 60)] });
      expect(next.data?.map((p) => [p.name, p.weight])).toEqual([['Cup XL', 40], ['Mug', 60]]);
      expect(next.data?.[0]?.id).toBe(cup.id);
    });

    it('enables a draw only with a complete prize set, and draws only while enabled and running', async () => {
      const id = await newDraw();
      expect(await call(PRIZE, { method: 'enable', id })).toMatchObject({ code: Code.VALIDATION, field: 'weight_total' });
      await call(PRIZE, { method: 'save_prizes', id, prizes: [prize('Sticker', 100)] });
      expect((await drawOnce(id, 'p1')).code).toBe(Code.CONFLICT);
      expect((await call(PRIZE, { method: 'enable', id })).code).toBe(200);
      const r = await drawOnce(id, 'p1');
      expect(r.code, r.msg).toBe(200);
      expect(r.data?.draw).toMatchObject({ won: true, prize_name: 'Sticker' });
      expect(await drawOnce(id, '')).toMatchObject({ code: Code.VALIDATION, field: 'participant' });

      const later = await newDraw({ starts_at: '2098-01-01T00:00:00Z' });
      await call(PRIZE, { method: 'save_prizes', id: later, prizes: [prize('Sticker', 100)] });
      await call(PRIZE, { method: 'enable', id: later });
      expect((await drawOnce(later, 'p1')).code).toBe(Code.CONFLICT);
    });

    it('respects the draws per participant and the wins per participant of a prize', async () => {
      const id = await newDraw({ draw_limit: 2 });
      await call(PRIZE, { method: 'save_prizes', id, prizes: [prize('Cap', 100, { per_user_limit: 1 })] });
      await call(PRIZE, { method: 'enable', id });
      expect((await drawOnce(id, 'alice')).data?.draw.won).toBe(true);
      expect((await drawOnce(id, 'alice')).data?.draw).toMatchObject({ won: false, win_id: null });
      expect(await drawOnce(id, 'alice')).toMatchObject({ code: Code.CONFLICT, field: 'participant' });
      expect((await drawOnce(id, 'bob')).data?.draw.won).toBe(true);
    });

    it('never oversells: concurrent draws win at most the stock', async () => {
      const id = await newDraw();
      await call(PRIZE, { method: 'save_prizes', id, prizes: [prize('Phone', 100, { stock: 5 })] });
      await call(PRIZE, { method: 'enable', id });
      const results = await Promise.all(Array.from({ length: 24 }, (_, i) => drawOnce(id, `rush-${i}`)));
      expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
      expect(results.filter((r) => r.data?.draw.won).length).toBe(5);
      const [left] = await t.database.db.select({ stock: prizes.stock }).from(prizes).where(eq(prizes.activityId, id));
      expect(left?.stock).toBe(0);
      const wins = await call<Page<{ id: number }>>(WIN, { method: 'list', activity_id: id, size: 100 });
      expect(wins.data?.total).toBe(5);
    });

    it('keeps each organisation to its own draws', async () => {
      const id = await newDraw();
      expect((await call(PRIZE, { method: 'prizes', id }, outsider.token)).code).toBe(Code.NOT_FOUND);
      expect((await call(PRIZE, { method: 'save_prizes', id, prizes: [prize('X', 100)] }, outsider.token)).code).toBe(Code.NOT_FOUND);
      expect((await call(PRIZE, { method: 'draw', id, participant: 'x' }, outsider.token)).code).toBe(Code.NOT_FOUND);
      // A prize of another draw cannot be taken over by naming its id.
      const other = await newDraw();
      const saved = await call<PrizeRow[]>(PRIZE, { method: 'save_prizes', id: other, prizes: [prize('Theirs', 100)] });
      const r = await call(PRIZE, { method: 'save_prizes', id, prizes: [{ ...prize('Mine', 100), id: saved.data![0]!.id }] });
      expect(r).toMatchObject({ code: Code.VALIDATION, field: 'prizes' });
    });

    it('refuses to remove a draw that has winners', async () => {
      const id = await newDraw();
      await call(PRIZE, { method: 'save_prizes', id, prizes: [prize('Pin', 100)] });
      await call(PRIZE, { method: 'enable', id });
      await drawOnce(id, 'w');
      expect((await call(PRIZE, { method: 'remove', id })).code).toBe(Code.IN_USE);
    });
  });

  describe('prize winners', () => {
    it('moves a win from won to redeemed or expired, and no further', async () => {
      const id = await newDraw();
      await call(PRIZE, { method: 'save_prizes', id, prizes: [prize('Bag', 100)] });
      await call(PRIZE, { method: 'enable', id });
      const a = (await drawOnce(id, 'carol')).data!.draw.win_id!;
      const b = (await drawOnce(id, 'dave')).data!.draw.win_id!;
      const redeemed = await call<{ status: number; redeemed_at: string | null }>(WIN, { method: 'redeem', id: a });
      expect(redeemed.data).toMatchObject({ status: WIN_REDEEMED });
      expect(redeemed.data?.redeemed_at).toBeTruthy();
      expect(await call(WIN, { method: 'expire', id: a })).toMatchObject({ code: Code.CONFLICT, field: 'status' });
      expect((await call<{ status: number }>(WIN, { method: 'expire', id: b })).data?.status).toBe(WIN_EXPIRED);
      expect((await call(WIN, { method: 'redeem', id: b })).code).toBe(Code.CONFLICT);
      expect((await call(WIN, { method: 'redeem', id: a }, outsider.token)).code).toBe(Code.NOT_FOUND);
      expect((await call(WIN, { method: 'add', participant: 'me' })).code).toBe(Code.UNKNOWN_METHOD);
    });

    it('counts wins per day by redemption state for the chart, for the caller\'s organisation only', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const r = await call<DailySeries>(WIN, { method: 'statistics', from: today, to: today });
      expect(r.code, r.msg).toBe(200);
      expect(r.data?.days).toEqual([today]);
      const byKey = Object.fromEntries(r.data!.series.map((x) => [x.key, x.values[0]]));
      const listed = async (status: number) => (await call<Page<unknown>>(WIN, { method: 'list', status, size: 1 })).data!.total;
      expect(byKey).toEqual({ 0: await listed(0), 1: await listed(1), 2: await listed(2) });
      expect(byKey['1']).toBeGreaterThan(0);
      const theirs = await call<DailySeries>(WIN, { method: 'statistics', from: today, to: today }, outsider.token);
      expect(theirs.data?.series.map((x) => x.values[0])).toEqual([0, 0, 0]);
    });
  });

  describe('packages, unit prices and operation orders', () => {
    let pkg: number;
    let unit: number;
    beforeAll(async () => {
      pkg = (await call<{ id: number }>(PACKAGE, { method: 'add', name: 'Pro', price_cents: 12_345, term_months: 12, devices: 20, sms: 500 }, admin)).data!.id;
      unit = (await call<{ id: number }>(UNIT, { method: 'add', name: 'SMS', unit: 'sms', price_cents: 7 }, admin)).data!.id;
    });

    it('keeps prices whole, non-negative cents, and the catalogue to the platform', async () => {
      expect(await call(PACKAGE, { method: 'add', name: 'Bad', price_cents: -1, term_months: 1 }, admin)).toMatchObject({ code: Code.VALIDATION, field: 'price_cents' });
      expect(await call(PACKAGE, { method: 'add', name: 'Bad', price_cents: 1.5, term_months: 1 }, admin)).toMatchObject({ code: Code.VALIDATION, field: 'price_cents' });
      expect(await call(UNIT, { method: 'update', id: unit, price_cents: -3 }, admin)).toMatchObject({ code: Code.VALIDATION, field: 'price_cents' });
      expect((await call(PACKAGE, { method: 'add', name: 'Mine', price_cents: 1, term_months: 1 })).code).toBe(Code.FORBIDDEN);
      expect((await call<Page<unknown>>(PACKAGE, { method: 'select' })).data?.list.length).toBeGreaterThan(0);
    });

    it('prices an order on the server in integer cents and needs exactly one item', async () => {
      const r = await call<{ id: number; amount_cents: number; status: number; order_no: string }>(ORDER, { method: 'add', package_id: pkg, quantity: 3, amount_cents: 1 });
      expect(r).toMatchObject({ code: Code.VALIDATION, field: 'amount_cents' });
      const ok = await call<{ amount_cents: number; status: number; order_no: string }>(ORDER, { method: 'add', package_id: pkg, quantity: 3 });
      expect(ok.data).toMatchObject({ amount_cents: 37_035, status: 0 });
      expect(ok.data?.order_no).toMatch(/^OP\d{20}$/);
      expect((await call<{ amount_cents: number }>(ORDER, { method: 'add', unit_price_id: unit, quantity: 1000 })).data?.amount_cents).toBe(7000);
      expect(await call(ORDER, { method: 'add', package_id: pkg, unit_price_id: unit, quantity: 1 })).toMatchObject({ code: Code.VALIDATION, field: 'unit_price_id' });
      expect(await call(ORDER, { method: 'add', quantity: 1 })).toMatchObject({ code: Code.VALIDATION, field: 'package_id' });
      expect(await call(ORDER, { method: 'add', package_id: pkg, quantity: 0 })).toMatchObject({ code: Code.VALIDATION, field: 'quantity' });
      await call(PACKAGE, { method: 'disable', id: pkg }, admin);
      expect(await call(ORDER, { method: 'add', package_id: pkg, quantity: 1 })).toMatchObject({ code: Code.VALIDATION, field: 'package_id' });
      await call(PACKAGE, { method: 'enable', id: pkg }, admin);
    });

    it('moves orders created → paid → refunded and created → canceled; paying and refunding are the platform\'s', async () => {
      const add = async () => (await call<{ id: number }>(ORDER, { method: 'add', package_id: pkg, quantity: 1 })).data!.id;
      const id = await add();
      expect(await call(ORDER, { method: 'pay', id })).toMatchObject({ code: Code.FORBIDDEN });
      expect((await call<{ status: number }>(ORDER, { method: 'refund', id }, admin)).code).toBe(Code.CONFLICT);
      expect((await call<{ status: number }>(ORDER, { method: 'pay', id }, admin)).data?.status).toBe(OP_ORDER_PAID);
      expect((await call(ORDER, { method: 'cancel', id })).code).toBe(Code.CONFLICT);
      expect(await call(ORDER, { method: 'refund', id })).toMatchObject({ code: Code.FORBIDDEN });
      expect((await call<{ status: number }>(ORDER, { method: 'refund', id }, admin)).data?.status).toBe(OP_ORDER_REFUNDED);
      const other = await add();
      expect((await call<{ status: number }>(ORDER, { method: 'cancel', id: other })).data?.status).toBe(OP_ORDER_CANCELED);
      expect((await call(ORDER, { method: 'pay', id: other }, admin)).code).toBe(Code.CONFLICT);
      expect((await call(ORDER, { method: 'detail', id: other }, outsider.token)).code).toBe(Code.NOT_FOUND);
      expect((await call(PACKAGE, { method: 'remove', id: pkg }, admin)).code).toBe(Code.IN_USE);

      // The chart: orders placed today, with the amounts now paid or refunded (cents).
      const today = new Date().toISOString().slice(0, 10);
      const stats = await call<DailySeries>(ORDER, { method: 'statistics', from: today, to: today });
      const byKey = Object.fromEntries(stats.data!.series.map((x) => [x.key, x.values[0]]));
      const total = (await call<Page<unknown>>(ORDER, { method: 'list', size: 1 })).data!.total;
      expect(byKey).toEqual({ orders: total, paid: 0, refunded: 12_345 });
      expect((await call<DailySeries>(ORDER, { method: 'statistics', from: today, to: today }, admin)).data?.series[0]?.values[0]).toBe(total);
      expect((await call<DailySeries>(ORDER, { method: 'statistics', from: today, to: today }, outsider.token)).data?.series[0]?.values[0]).toBe(0);
    });
  });

  describe('invitation statistics', () => {
    it('counts invitations per day (zero-filled) and per inviter, with the conversion rate, in one call', async () => {
      const other = await makeUser(t, orgA, []);
      const add = async (inviter: number, invited_at: string) => {
        const r = await call<{ id: number }>(INVITE, { method: 'add', inviter_id: inviter, invitee: `guest ${invited_at}`, invited_at });
        expect(r.code, r.msg).toBe(200);
        return r.data!.id;
      };
      const first = await add(staff.id, '2026-03-01T02:00:00Z');
      await add(staff.id, '2026-03-01T09:00:00Z');
      await add(other.id, '2026-03-03T10:00:00Z');
      // 23:30 UTC on the 3rd is the 4th in Shanghai.
      await add(other.id, '2026-03-03T23:30:00Z');
      await call(INVITE, { method: 'convert', id: first });
      expect((await call(INVITE, { method: 'add', inviter_id: outsider.id, invitee: 'x', invited_at: past })).field).toBe('inviter_id');

      const utc = await call<InvitationStats>(INVITE, { method: 'statistics', from: '2026-03-01', to: '2026-03-04' });
      expect(utc.code, utc.msg).toBe(200);
      expect(utc.data?.days).toEqual([
        { date: '2026-03-01', invitations: 2, conversions: 1 },
        { date: '2026-03-02', invitations: 0, conversions: 0 },
        { date: '2026-03-03', invitations: 2, conversions: 0 },
        { date: '2026-03-04', invitations: 0, conversions: 0 },
      ]);
      expect(utc.data).toMatchObject({ total: 4, converted: 1, rate: 0.25 });
      expect(utc.data?.inviters.map((i) => [i.inviter_id, i.invitations, i.conversions])).toEqual([[staff.id, 2, 1], [other.id, 2, 0]]);

      const sh = await call<InvitationStats>(INVITE, { method: 'statistics', from: '2026-03-03', to: '2026-03-04', tz: 'Asia/Shanghai' });
      expect(sh.data?.days.map((d) => d.invitations)).toEqual([1, 1]);

      expect((await call<InvitationStats>(INVITE, { method: 'statistics', from: '2026-03-01', to: '2026-03-04' }, outsider.token)).data?.total).toBe(0);
      expect(await call(INVITE, { method: 'statistics', from: '2026-03-04', to: '2026-03-01' })).toMatchObject({ code: Code.VALIDATION, field: 'to' });
      expect(await call(INVITE, { method: 'statistics', from: '2026-02-31', to: '2026-03-01' })).toMatchObject({ code: Code.VALIDATION });
      expect(await call(INVITE, { method: 'statistics', from: '2020-01-01', to: '2026-03-01' })).toMatchObject({ code: Code.VALIDATION, field: 'to' });
    });
  });
});
