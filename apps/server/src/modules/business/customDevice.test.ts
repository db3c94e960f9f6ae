import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Envelope } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { parseCsv } from '../../resources/spreadsheet/csv';

const PATH = '/admin/business/custom_device';
interface Model { id: number; name: string; model_code: string; family: string; ports: number; poe: number; image: string; status: number }

/** Custom device models: the organisation's own catalogue beside the platform's, a model code unique in it. */
describe.each(engines)('custom device models (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    staff = await makeUser(t, await makeOrg(t, 'Models A'), 'all');
    other = await makeUser(t, await makeOrg(t, 'Models B'), 'all');
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(body: Record<string, unknown>, who = staff) => t.post<T>(PATH, body, { token: who.token });
  const total = async (who = staff) => (await call<{ total: number }>({ method: 'list', size: 50 }, who)).data?.total;
  async function upload(csv: string, who = staff): Promise<Envelope<{ imported?: number; errors?: { row: number; column: string }[] }>> {
    const form = new FormData();
    form.append('method', 'import');
    form.append('file', new Blob([new Uint8Array(Buffer.from(csv))]), 'models.csv');
    const res = await fetch(`${t.url}/v3${PATH}`, { method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'accept-language': 'en' }, body: form });
    return (await res.json()) as Envelope<{ imported?: number; errors?: { row: number; column: string }[] }>;
  }

  it('adds a model with its family, ports, PoE and picture', async () => {
    const r = await call<Model>({ method: 'add', name: 'Outdoor switch', brand: 'Acme', model_code: 'ACM-SW8.P_2', family: 'switch', ports: 8, poe: 1, image: 'https://cdn.example.com/sw8.png' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ model_code: 'ACM-SW8.P_2', family: 'switch', ports: 8, poe: 1, status: 1 });
    const plain = await call<Model>({ method: 'add', name: 'Camera', model_code: 'CAM1' });
    expect(plain.data).toMatchObject({ family: 'other', ports: 0, poe: 0, image: '' });
    expect((await call<Model>({ method: 'update', id: plain.data!.id, ports: 512, family: 'ap' })).data).toMatchObject({ ports: 512, family: 'ap' });
  });

  it('refuses bad input naming the field, saving nothing', async () => {
    const before = await total();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: '' }, Code.VALIDATION, 'name'],
      [{ model_code: '' }, Code.VALIDATION, 'model_code'],
      [{ model_code: 'has space' }, Code.VALIDATION, 'model_code'],
      [{ model_code: 'slash/no' }, Code.VALIDATION, 'model_code'],
      [{ family: 'toaster' }, Code.VALIDATION, 'family'],
      [{ ports: -1 }, Code.VALIDATION, 'ports'],
      [{ ports: 513 }, Code.VALIDATION, 'ports'],
      [{ poe: 2 }, Code.VALIDATION, 'poe'],
      [{ image: 'javascript:alert(1)' }, Code.VALIDATION, 'image'],
      [{ image: '/uploads/999999/AAAAAAAAAAAAAAAAAAAAAA.png' }, Code.VALIDATION, 'image'],
      // Unique in the organisation, whatever the case.
      [{ model_code: 'acm-sw8.p_2' }, Code.CONFLICT, 'model_code'],
    ];
    for (const [extra, code, field] of cases) {
      const r = await call({ method: 'add', name: 'Bad', model_code: 'BAD-1', ...extra });
      expect(r, JSON.stringify(extra)).toMatchObject({ code, field });
    }
    expect(await total()).toBe(before);
    const { data } = await call<{ list: Model[] }>({ method: 'list', size: 50, model_code: 'cam' });
    expect(await call({ method: 'update', id: data!.list[0]!.id, model_code: 'ACM-SW8.P_2' })).toMatchObject({ code: Code.CONFLICT, field: 'model_code' });
    expect(await call({ method: 'update', id: data!.list[0]!.id, ports: 9999 })).toMatchObject({ code: Code.VALIDATION, field: 'ports' });
  });

  it('imports a spreadsheet whole or not at all, and exports what it holds', async () => {
    const before = await total();
    const bad = await upload('Name,Model code,Family,Ports,PoE\nGood,GOOD-1,Switch,24,Yes\nBroken,BAD CODE,Switch,1,No\n');
    expect(bad.code).toBe(Code.VALIDATION);
    expect(await total()).toBe(before);
    const ok = await upload('Name,Brand,Model code,Family,Ports,PoE\nCore switch,Acme,CORE-48,Switch,48,Yes\nLobby screen,Acme,SCR-55,Cloud screen,0,No\n');
    expect(ok, JSON.stringify(ok)).toMatchObject({ code: 200, data: { imported: 2 } });
    const { data } = await call<{ list: Model[] }>({ method: 'list', size: 50, model_code: 'core' });
    expect(data?.list[0]).toMatchObject({ name: 'Core switch', family: 'switch', ports: 48, poe: 1 });
    expect((await call<{ total: number }>({ method: 'list', size: 50, family: 'screen' })).data?.total).toBe(1);

    const exp = await t.post<{ content: string; rows: number }>(PATH, { method: 'export', format: 'csv' }, { token: staff.token, headers: { 'accept-language': 'en' } });
    expect(exp.data?.rows).toBe(await total());
    const [header, ...rows] = parseCsv(Buffer.from(exp.data!.content, 'base64'));
    const code = header!.indexOf('Model code');
    expect(rows.map((r) => r[code])).toEqual(expect.arrayContaining(['CORE-48', 'SCR-55', 'ACM-SW8.P_2']));
  });

  it('keeps each organisation to its own models', async () => {
    const { data } = await call<{ list: Model[] }>({ method: 'list', size: 50, model_code: 'core' });
    const id = data!.list[0]!.id;
    expect(await total(other)).toBe(0);
    expect(await call({ method: 'detail', id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'update', id, name: 'Mine now' }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'disable', id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'remove', id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    // The same model code is free in another organisation.
    expect((await call({ method: 'add', name: 'Their core', model_code: 'CORE-48' }, other)).code).toBe(200);
    expect(await call({ method: 'disable', id })).toMatchObject({ code: 200, data: { status: 0, name: 'Core switch' } });
    expect((await call({ method: 'remove', id })).code).toBe(200);
  });
});
