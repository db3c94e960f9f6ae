import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { localLaundryProvider, type LocalLaundryProvider } from '../../providers/laundry/local';

const MACHINES = '/admin/business/laundry';
const ORDERS = '/admin/business/laundry_order';

interface Machine { id: number; name: string; external_id: string; state: string; remaining_min: number; checked_at: string | null; status: number; program: string | null }
interface Order { id: number; order_no: string; machine_id: number | null; external_id: string; program: string; amount_cents: number; state: string; reason: string; created_by: number }

/** SPEC §2 business "washing-machine integration": machines bound to the platform (the local one), refresh and start. */
describe.each(engines)('laundry machines and orders (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;
  let clock = new Date('2026-06-10T08:00:00Z');
  let platform: LocalLaundryProvider;

  beforeAll(async () => {
    platform = localLaundryProvider(() => clock);
    t = await startTestApp({ engine, services: { now: () => clock, laundry: platform } });
    staff = await makeUser(t, await makeOrg(t, 'Laundry A'), 'all');
    other = await makeUser(t, await makeOrg(t, 'Laundry B'), 'all');
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, who = staff) => t.post<T>(path, body, { token: who.token });
  const add = async (body: Record<string, unknown>, who = staff) => {
    const r = await call<{ id: number }>(MACHINES, { method: 'add', price_cents: 400, ...body }, who);
    expect(r.code, r.msg).toBe(200);
    return r.data!.id;
  };
  const machine = async (id: number) => (await call<Machine>(MACHINES, { method: 'detail', id })).data!;
  const orders = async (who = staff) => (await call<{ list: Order[]; total: number }>(ORDERS, { method: 'list', size: 50 }, who)).data!;

  it('adds, lists, updates and removes machines; the platform id is required and unique in the organisation only', async () => {
    const id = await add({ name: 'Washer 1', external_id: 'W-100', site: 'Block A', place: 'Floor 2', quick_price_cents: 300, heavy_price_cents: 600 });
    expect(await machine(id)).toMatchObject({ name: 'Washer 1', external_id: 'W-100', state: 'unknown', remaining_min: 0, checked_at: null, status: 1 });
    expect(await call(MACHINES, { method: 'add', name: 'No id', price_cents: 400 })).toMatchObject({ code: Code.VALIDATION, field: 'external_id' });
    expect(await call(MACHINES, { method: 'add', name: 'No price', external_id: 'W-101' })).toMatchObject({ code: Code.VALIDATION, field: 'price_cents' });
    expect(await call(MACHINES, { method: 'add', name: 'Bad price', external_id: 'W-101', price_cents: -1 })).toMatchObject({ code: Code.VALIDATION, field: 'price_cents' });
    expect(await call(MACHINES, { method: 'add', name: 'Copy', external_id: 'W-100', price_cents: 400 })).toMatchObject({ code: Code.CONFLICT, field: 'external_id' });
    expect(await call(MACHINES, { method: 'add', name: 'Read-only', external_id: 'W-102', price_cents: 400, state: 'idle' })).toMatchObject({ code: Code.VALIDATION, field: 'state' });
    // Another organisation may bind the same platform id (its own account at the platform).
    const theirs = await add({ name: 'Their washer', external_id: 'W-100' }, other);

    expect((await call<{ list: Machine[] }>(MACHINES, { method: 'list', size: 50, external_id: 'w-1' })).data!.list.map((m) => m.id)).toEqual([id]);
    const upd = await call(MACHINES, { method: 'update', id, name: 'Washer one', price_cents: 450 });
    expect(upd.code, upd.msg).toBe(200);
    expect(await machine(id)).toMatchObject({ name: 'Washer one' });

    // Tenancy: the other organisation neither sees nor changes ours, and we not theirs.
    expect((await call<{ list: Machine[] }>(MACHINES, { method: 'list', size: 50 }, other)).data!.list.map((m) => m.id)).toEqual([theirs]);
    expect((await call(MACHINES, { method: 'detail', id }, other)).code).toBe(Code.NOT_FOUND);
    expect((await call(MACHINES, { method: 'update', id, name: 'Mine now' }, other)).code).toBe(Code.NOT_FOUND);
    expect((await call(MACHINES, { method: 'refresh', id }, other)).code).toBe(Code.NOT_FOUND);
    expect((await call(MACHINES, { method: 'start', id, program: 'quick' }, other)).code).toBe(Code.NOT_FOUND);
    expect((await call(MACHINES, { method: 'remove', id: theirs })).code).toBe(Code.NOT_FOUND);

    const gone = await add({ name: 'Spare', external_id: 'W-199' });
    expect((await call(MACHINES, { method: 'remove', id: gone })).code).toBe(200);
    expect((await call(MACHINES, { method: 'detail', id: gone })).code).toBe(Code.NOT_FOUND);
  });

  it('refresh reads the platform\'s state and keeps it with the time asked', async () => {
    const id = await add({ name: 'Refresh me', external_id: 'W-200' });
    let r = await call<Machine>(MACHINES, { method: 'refresh', id });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ state: 'idle', remaining_min: 0, checked_at: clock.toISOString() });
    platform.setCondition('W-200', 'fault');
    r = await call<Machine>(MACHINES, { method: 'refresh', id });
    expect(r.data).toMatchObject({ state: 'fault' });
    platform.setCondition('W-200', 'offline');
    expect((await call<Machine>(MACHINES, { method: 'refresh', id })).data).toMatchObject({ state: 'offline' });
    expect((await call<{ list: Machine[] }>(MACHINES, { method: 'list', size: 50, state: 'offline' })).data!.list.map((m) => m.id)).toEqual([id]);
  });

  it('starts a program on an idle machine: an order at its price, the machine running until the program ends', async () => {
    const id = await add({ name: 'Start me', external_id: 'W-300', price_cents: 400, quick_price_cents: 300 });
    const before = (await orders()).total;
    const r = await call<Machine & { order: { order_no: string; state: string } }>(MACHINES, { method: 'start', id, program: 'quick' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ state: 'running', remaining_min: 20, program: 'quick', order: { state: 'started' } });
    expect(r.data!.order.order_no).toMatch(/^LD20260610080000\d{6}$/);
    const list = await orders();
    expect(list.total).toBe(before + 1);
    expect(list.list[0]).toMatchObject({
      order_no: r.data!.order.order_no, machine_id: id, external_id: 'W-300', program: 'quick', amount_cents: 300, state: 'started', reason: '', created_by: staff.id,
    });
    expect(await platform.machineStatus('W-300')).toEqual({ state: 'running', remainingMin: 20 });

    // Running: refused naming the machine, no order written.
    expect(await call(MACHINES, { method: 'start', id, program: 'standard' })).toMatchObject({ code: Code.CONFLICT, field: 'id', msg: expect.stringMatching(/running|运行/) });
    expect((await orders()).total).toBe(before + 1);

    // 15 minutes on, a refresh says 5 left; at the end, idle again and startable.
    clock = new Date(clock.getTime() + 15 * 60_000);
    expect((await call<Machine>(MACHINES, { method: 'refresh', id })).data).toMatchObject({ state: 'running', remaining_min: 5 });
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect((await call<Machine>(MACHINES, { method: 'refresh', id })).data).toMatchObject({ state: 'idle', remaining_min: 0 });
    const again = await call<Machine>(MACHINES, { method: 'start', id, program: 'standard' });
    expect(again.code, again.msg).toBe(200);
    expect((await orders()).list[0]).toMatchObject({ program: 'standard', amount_cents: 400, state: 'started' });
  });

  it('refuses a start on a disabled, faulty or offline machine and a bad program, naming the field, writing no order', async () => {
    const id = await add({ name: 'Refuse me', external_id: 'W-400' });
    const before = (await orders()).total;
    expect(await call(MACHINES, { method: 'start', id })).toMatchObject({ code: Code.VALIDATION, field: 'program' });
    expect(await call(MACHINES, { method: 'start', id, program: 'delicate' })).toMatchObject({ code: Code.VALIDATION, field: 'program' });
    expect((await call(MACHINES, { method: 'disable', id })).code).toBe(200);
    expect(await call(MACHINES, { method: 'start', id, program: 'standard' })).toMatchObject({ code: Code.CONFLICT, field: 'id' });
    expect((await call(MACHINES, { method: 'enable', id })).code).toBe(200);
    platform.setCondition('W-400', 'fault');
    expect(await call(MACHINES, { method: 'start', id, program: 'standard' })).toMatchObject({ code: Code.CONFLICT, field: 'id' });
    platform.setCondition('W-400', 'offline');
    expect(await call(MACHINES, { method: 'start', id, program: 'standard' })).toMatchObject({ code: Code.CONFLICT, field: 'id' });
    expect((await orders()).total).toBe(before);
    expect(await machine(id)).toMatchObject({ program: null });
  });

  it('keeps orders to their organisation, read-only', async () => {
    const mine = await orders();
    expect(mine.total).toBeGreaterThan(0);
    const theirs = await orders(other);
    expect(theirs.total).toBe(0);
    expect((await call(ORDERS, { method: 'detail', id: mine.list[0]!.id }, other)).code).toBe(Code.NOT_FOUND);
    expect((await call(ORDERS, { method: 'add', order_no: 'X' })).code).not.toBe(200);
    expect((await call(ORDERS, { method: 'remove', id: mine.list[0]!.id })).code).not.toBe(200);

    // Their own start is theirs alone.
    const theirMachine = await add({ name: 'B washer', external_id: 'B-1' }, other);
    expect((await call(MACHINES, { method: 'start', id: theirMachine, program: 'heavy' }, other)).code).toBe(200);
    expect((await orders(other)).list.map((o) => o.machine_id)).toEqual([theirMachine]);
    expect((await orders()).total).toBe(mine.total);
  });
});
