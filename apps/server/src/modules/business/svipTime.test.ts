import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { normaliseMac, svipBonusMinutes } from './svipTime';

const PATH = '/admin/business/svip_time';
interface Grant { id: number; identity_kind: string; identity: string; bonus_minutes: number; status: number }

/** SVIP time: extra portal minutes a day for VIP guests by phone or MAC, and the bonus the sign-in reads. */
describe.each(engines)('SVIP time (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;
  let orgA: number;
  let orgB: number;
  const now = new Date('2026-06-10T08:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ engine });
    orgA = await makeOrg(t, 'SVIP A');
    orgB = await makeOrg(t, 'SVIP B');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, orgB, 'all');
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(body: Record<string, unknown>, who = staff) => t.post<T>(PATH, body, { token: who.token });
  const add = async (body: Record<string, unknown>, who = staff) => {
    const r = await call<Grant>({ method: 'add', ...body }, who);
    expect(r.code, r.msg).toBe(200);
    return r.data!;
  };
  const total = async (who = staff) => (await call<{ total: number }>({ method: 'list', size: 50 }, who)).data?.total;
  const bonus = (who: { phone?: string; mac?: string }, orgId = orgA, at = now) => svipBonusMinutes(t.database.db, orgId, { phone: who.phone ?? '', mac: who.mac ?? '' }, at);

  it('normalises a MAC written any common way', () => {
    for (const typed of ['aa:bb:cc:dd:ee:0f', 'AA-BB-CC-DD-EE-0F', 'aabb.ccdd.ee0f', 'aabbccddee0f', ' AA:BB:CC:DD:EE:0F ']) {
      expect(normaliseMac(typed), typed).toBe('AA:BB:CC:DD:EE:0F');
    }
    for (const bad of ['', 'AA:BB:CC:DD:EE', 'GG:BB:CC:DD:EE:FF', '13800138000']) expect(normaliseMac(bad), bad).toBeNull();
  });

  it('keeps phone numbers as typed and MACs upper-case with colons', async () => {
    expect(await add({ identity: '13800138000', bonus_minutes: 60 })).toMatchObject({ identity_kind: 'phone', identity: '13800138000', bonus_minutes: 60, status: 1 });
    const mac = await add({ identity_kind: 'mac', identity: 'aa-bb-cc-dd-ee-ff', bonus_minutes: 1440, remark: 'Lobby kiosk' });
    expect(mac).toMatchObject({ identity: 'AA:BB:CC:DD:EE:FF', bonus_minutes: 1440 });
    expect((await call<Grant>({ method: 'update', id: mac.id, identity: 'a1b2c3d4e5f6' })).data?.identity).toBe('A1:B2:C3:D4:E5:F6');
    expect((await call<{ total: number }>({ method: 'list', size: 50, identity: 'a1:b2' })).data?.total).toBe(1);
    expect((await call<{ total: number }>({ method: 'list', size: 50, identity_kind: 'mac' })).data?.total).toBe(1);
  });

  it('refuses bad input naming the field, saving nothing', async () => {
    const before = await total();
    const cases: [Record<string, unknown>, string][] = [
      [{ identity: '1380013800' }, 'identity'],
      [{ identity: '23800138000' }, 'identity'],
      [{ identity: 'AA:BB:CC:DD:EE:FF' }, 'identity'],
      [{ identity_kind: 'mac', identity: '13800138000' }, 'identity'],
      [{ identity_kind: 'mac', identity: 'AA:BB:CC:DD:EE:GG' }, 'identity'],
      [{ identity_kind: 'email', identity: '13800138000' }, 'identity_kind'],
      [{ identity: '' }, 'identity'],
      [{ bonus_minutes: 0 }, 'bonus_minutes'],
      [{ bonus_minutes: 1441 }, 'bonus_minutes'],
      [{ bonus_minutes: 1.5 }, 'bonus_minutes'],
      [{ bonus_minutes: undefined }, 'bonus_minutes'],
      [{ valid_from: '2026-07-01T00:00:00Z', valid_until: '2026-07-01T00:00:00Z' }, 'valid_until'],
      [{ status: 0 }, 'status'],
    ];
    for (const [extra, field] of cases) {
      const r = await call({ method: 'add', identity: '13900139000', bonus_minutes: 30, ...extra });
      expect(r, JSON.stringify(extra)).toMatchObject({ code: Code.VALIDATION, field });
    }
    expect(await total()).toBe(before);
    const { data } = await call<{ list: Grant[] }>({ method: 'list', size: 50, identity: '138' });
    const id = data!.list[0]!.id;
    // Switching the kind checks the stored identity against it.
    expect(await call({ method: 'update', id, identity_kind: 'mac' })).toMatchObject({ code: Code.VALIDATION, field: 'identity' });
    expect(await call({ method: 'update', id, valid_from: '2026-08-01T00:00:00Z', valid_until: '2026-07-01T00:00:00Z' })).toMatchObject({ code: Code.VALIDATION, field: 'valid_until' });
    expect((await call<Grant>({ method: 'detail', id })).data).toMatchObject({ identity_kind: 'phone', identity: '13800138000' });
  });

  it('answers the largest bonus of an enabled grant valid now, by phone or MAC', async () => {
    expect(await bonus({ phone: '13800138000' })).toBe(60);
    expect(await bonus({ mac: 'a1:b2:c3:d4:e5:f6' })).toBe(1440);
    expect(await bonus({ phone: '13800138000', mac: 'A1B2C3D4E5F6' })).toBe(1440);
    expect(await bonus({ phone: '13700137000', mac: '00:00:00:00:00:01' })).toBe(0);
    expect(await bonus({})).toBe(0);
    // A larger grant inside its window wins; outside it, it does not count.
    const windowed = await add({ identity: '13800138000', bonus_minutes: 120, valid_from: '2026-06-01T00:00:00Z', valid_until: '2026-07-01T00:00:00Z' });
    expect(await bonus({ phone: '13800138000' })).toBe(120);
    expect(await bonus({ phone: '13800138000' }, orgA, new Date('2026-07-01T00:00:00Z'))).toBe(60);
    expect(await bonus({ phone: '13800138000' }, orgA, new Date('2026-05-31T23:59:59Z'))).toBe(60);
    // A disabled grant gives nothing.
    expect(await call({ method: 'disable', id: windowed.id })).toMatchObject({ code: 200, data: { status: 0 } });
    expect(await bonus({ phone: '13800138000' })).toBe(60);
    // A phone written as a MAC grant or the other way round never matches.
    expect(await bonus({ phone: 'AA:BB:CC:DD:EE:FF' })).toBe(0);
    // Another organisation's grants count only there.
    await add({ identity: '13600136000', bonus_minutes: 500 }, other);
    expect(await bonus({ phone: '13600136000' })).toBe(0);
    expect(await bonus({ phone: '13600136000' }, orgB)).toBe(500);
    expect(await bonus({ phone: '13800138000' }, orgB)).toBe(0);
  });

  it('keeps each organisation to its own grants', async () => {
    const { data } = await call<{ list: Grant[] }>({ method: 'list', size: 50, identity: '138' });
    const id = data!.list[0]!.id;
    expect(await total(other)).toBe(1);
    expect(await call({ method: 'detail', id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'update', id, bonus_minutes: 999 }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'disable', id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'remove', id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    const exp = await call<{ rows: number }>({ method: 'export', format: 'csv' });
    expect(exp.data?.rows).toBe(await total());
    expect((await call<{ rows: number }>({ method: 'export', format: 'xlsx' }, other)).data?.rows).toBe(1);
    expect((await call({ method: 'remove', id })).code).toBe(200);
    expect(await call({ method: 'detail', id })).toMatchObject({ code: Code.NOT_FOUND });
  });
});
