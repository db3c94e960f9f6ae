import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, PLATFORM_ORG_ID } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { conglomerateOrgs, conglomerates } from './conglomerate';

const GROUP = '/admin/business/conglomerate';

interface Group { id: number; name: string; code: string; org_ids: number[]; org_count: number; contact: string; phone: string }

/** SPEC §7 `/admin/business/conglomerate`: groups of organisations, kept by the platform's operators. */
describe.each(engines)('conglomerates (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let operator: MadeUser;
  let orgAdmin: MadeUser;
  const org = { a: 0, b: 0, c: 0 };
  let harbour = 0;

  const call = <T = unknown>(body: Record<string, unknown>, token = admin) => t.post<T>(GROUP, body, { token });
  const add = (body: Record<string, unknown>, token = admin) => call<Group>({ method: 'add', ...body }, token);
  const memberships = async () => (await t.database.db.select().from(conglomerateOrgs)).length;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    org.a = await makeOrg(t, 'Harbour North');
    org.b = await makeOrg(t, 'Harbour South');
    org.c = await makeOrg(t, 'Hill Hotel');
    operator = await makeUser(t, PLATFORM_ORG_ID, 'all');
    orgAdmin = await makeUser(t, org.a, 'all');
  });
  afterAll(async () => t.close());

  it('adds a conglomerate with its organisations, its code in capitals', async () => {
    const r = await add({ name: 'Harbour Hotels', code: 'hk01', org_ids: [org.b, org.a], contact: 'Mr Wang', phone: '13800138000' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ name: 'Harbour Hotels', code: 'HK01', org_ids: [org.a, org.b].sort((x, y) => x - y), org_count: 2, phone: '13800138000' });
    harbour = r.data!.id;
  });

  it('refuses bad input naming the field, saving nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'], [{ name: undefined }, 'name'], [{ name: 'x'.repeat(65) }, 'name'],
      [{ code: undefined }, 'code'], [{ code: 'H' }, 'code'], [{ code: 'HK-02' }, 'code'], [{ code: 'HK 02' }, 'code'], [{ code: 'A'.repeat(33) }, 'code'], [{ code: '港01' }, 'code'],
      [{ phone: '12345' }, 'phone'], [{ contact: 'x'.repeat(65) }, 'contact'], [{ org_ids: true }, 'org_ids'], [{ org_ids: ['x'] }, 'org_ids.0'], [{ org_count: 3 }, 'org_count'],
    ];
    for (const [extra, field] of cases) {
      expect(await add({ name: 'Hill Group', code: 'HILL', ...extra }), JSON.stringify(extra)).toMatchObject({ code: Code.VALIDATION, field });
    }
    expect(await add({ name: 'Hill Group', code: 'HILL', org_ids: [999_999] })).toMatchObject({ code: Code.NOT_FOUND, field: 'org_ids' });
    // Name (in any case) and code are taken.
    expect(await add({ name: 'harbour hotels', code: 'HILL' })).toMatchObject({ code: Code.CONFLICT, field: 'name' });
    expect(await add({ name: 'Hill Group', code: 'Hk01' })).toMatchObject({ code: Code.CONFLICT, field: 'code' });
    expect((await t.database.db.select().from(conglomerates)).length).toBe(1);
  });

  it('puts an organisation in one conglomerate at most', async () => {
    expect(await add({ name: 'Hill Group', code: 'HILL', org_ids: [org.c, org.a] })).toMatchObject({ code: Code.VALIDATION, field: 'org_ids' });
    expect((await t.database.db.select().from(conglomerates)).length).toBe(1);
    expect(await memberships()).toBe(2);
    const hill = await add({ name: 'Hill Group', code: 'HILL', org_ids: [org.c] }, operator.token);
    expect(hill.code, hill.msg).toBe(200);
    const hillId = hill.data!.id;
    expect(await call({ method: 'update', id: hillId, org_ids: [org.c, org.b] })).toMatchObject({ code: Code.VALIDATION, field: 'org_ids' });
    expect(await memberships()).toBe(3);
    // Keeping its own organisations is no clash; letting one go frees it for another.
    expect(await call({ method: 'update', id: harbour, org_ids: [org.a, org.b], contact: 'Ms Chen' })).toMatchObject({ code: 200, data: { contact: 'Ms Chen' } });
    expect(await call({ method: 'update', id: harbour, org_ids: [org.a] })).toMatchObject({ code: 200, data: { org_ids: [org.a], org_count: 1 } });
    expect(await call({ method: 'update', id: hillId, org_ids: [org.c, org.b] })).toMatchObject({ code: 200, data: { org_count: 2 } });
    expect(await call({ method: 'update', id: hillId, code: 'hk01' })).toMatchObject({ code: Code.CONFLICT, field: 'code' });
    expect(await call({ method: 'update', id: hillId, code: 'x!' })).toMatchObject({ code: Code.VALIDATION, field: 'code' });
    expect(await call({ method: 'update', id: hillId, code: 'hill2' })).toMatchObject({ code: 200, data: { code: 'HILL2' } });
  });

  it('lists and exports for the platform\'s operators', async () => {
    const list = await call<{ list: Group[]; total: number }>({ method: 'list', size: 50 }, operator.token);
    expect(list.data?.total).toBe(2);
    expect((await call<{ list: Group[] }>({ method: 'list', size: 50, code: 'hil' })).data?.list.map((g) => g.name)).toEqual(['Hill Group']);
    expect((await call<{ list: Group[] }>({ method: 'list', size: 50, name: 'harb' })).data?.list.map((g) => g.code)).toEqual(['HK01']);
    expect((await call({ method: 'export', format: 'csv' })).code).toBe(200);
  });

  it('refuses an organisation\'s own administrator', async () => {
    const refused = (r: { code: number }) => expect([Code.FORBIDDEN, Code.NOT_FOUND]).toContain(r.code);
    refused(await call({ method: 'list', size: 50 }, orgAdmin.token));
    refused(await call({ method: 'detail', id: harbour }, orgAdmin.token));
    refused(await add({ name: 'Own Group', code: 'OWN', org_ids: [org.a] }, orgAdmin.token));
    refused(await call({ method: 'update', id: harbour, org_ids: [] }, orgAdmin.token));
    refused(await call({ method: 'remove', id: harbour }, orgAdmin.token));
    refused(await call({ method: 'export' }, orgAdmin.token));
    expect((await call<Group>({ method: 'detail', id: harbour })).data).toMatchObject({ org_ids: [org.a], name: 'Harbour Hotels' });
  });

  it('removes a conglomerate, freeing its organisations', async () => {
    expect(await call({ method: 'remove', id: harbour })).toMatchObject({ code: 200 });
    expect(await call({ method: 'detail', id: harbour })).toMatchObject({ code: Code.NOT_FOUND });
    expect(await memberships()).toBe(2);
    expect((await add({ name: 'Harbour Hotels', code: 'HK01', org_ids: [org.a] })).code).toBe(200);
  });
});
