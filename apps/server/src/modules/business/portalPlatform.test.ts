import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { projectPortalPlatforms } from './portalPlatform';

const PLATFORM = '/admin/business/project/portal_platform';
const PROJECT = '/admin/business/project_team';
const SETTINGS = '/admin/device/portal';

interface Platform { id: number; project_id: number; name: string; place: string; domain: string; contact: string; status: number; guest_url: string }

/** SPEC §7 `/admin/business/project/portal_platform`: a project's captive portal, at one of the organisation's places. */
describe.each(engines)('project portal platforms (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;
  let orgA = 0;
  let projA = 0;
  let projA2 = 0;
  let projA3 = 0;
  let projB = 0;
  let hotel = 0;

  const call = <T = unknown>(body: Record<string, unknown>, who = staff, path = PLATFORM) => t.post<T>(path, body, { token: who.token });
  const add = (body: Record<string, unknown>, who = staff) => call<Platform>({ method: 'add', ...body }, who);
  const count = async () => (await t.database.db.select().from(projectPortalPlatforms)).length;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    orgA = await makeOrg(t, 'Portal A');
    const orgB = await makeOrg(t, 'Portal B');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, orgB, 'all');
    const ok = async (path: string, body: Record<string, unknown>, who = staff) => {
      const r = await call<{ id: number }>(body, who, path);
      expect(r.code, `${path}: ${r.msg}`).toBe(200);
      return r.data!.id;
    };
    projA = await ok(PROJECT, { method: 'add', name: 'Harbour Hotel' });
    projA2 = await ok(PROJECT, { method: 'add', name: 'Hill Campus' });
    projA3 = await ok(PROJECT, { method: 'add', name: 'Riverside Mall' });
    projB = await ok(PROJECT, { method: 'add', name: 'B project' }, other);
    await ok(SETTINGS, { method: 'add', place: '', mode: 'auth', auth_one_click: true, auth_sms: false });
    await ok(SETTINGS, { method: 'add', place: 'Lobby 1', mode: 'auth', auth_one_click: true, auth_sms: false });
    await ok(SETTINGS, { method: 'add', place: 'Pool', mode: 'auth', auth_one_click: true, auth_sms: false }, other);
  });
  afterAll(async () => t.close());

  it('adds a platform at a place with portal settings and answers its guest sign-in address', async () => {
    const r = await add({ project_id: projA, name: 'Harbour guest Wi-Fi', place: 'Lobby 1', domain: 'WiFi.Harbour.example.com', contact: 'Ms Li' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ project_id: projA, place: 'Lobby 1', domain: 'wifi.harbour.example.com', status: 1, guest_url: `/wifilogin?org=${orgA}&place=Lobby%201` });
    hotel = r.data!.id;
    expect((await call<Platform>({ method: 'detail', id: hotel })).data?.guest_url).toBe(`/wifilogin?org=${orgA}&place=Lobby%201`);
    // No place: the organisation's default settings.
    const campus = await add({ project_id: projA2, name: 'Campus' });
    expect(campus.code, campus.msg).toBe(200);
    expect(campus.data).toMatchObject({ place: '', domain: '', guest_url: `/wifilogin?org=${orgA}&place=` });
  });

  it('refuses a second platform for a project, naming the project', async () => {
    expect(await add({ project_id: projA, name: 'Another', place: '' })).toMatchObject({ code: Code.VALIDATION, field: 'project_id' });
    expect(await count()).toBe(2);
  });

  it('refuses a place without portal settings, and bad input, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ place: 'Lobby 2' }, 'place'], [{ place: 'Pool' }, 'place'], [{ place: 'x'.repeat(65) }, 'place'],
      [{ domain: 'not a domain' }, 'domain'], [{ domain: 'http://wifi.example.com' }, 'domain'], [{ domain: '-bad-.example.com' }, 'domain'],
      [{ name: '' }, 'name'], [{ name: undefined }, 'name'], [{ name: 'x'.repeat(65) }, 'name'], [{ contact: 'x'.repeat(65) }, 'contact'],
      [{ project_id: undefined }, 'project_id'], [{ project_id: 'x' }, 'project_id'], [{ status: 0 }, 'status'], [{ guest_url: '/x' }, 'guest_url'],
    ];
    for (const [extra, field] of cases) {
      expect(await add({ project_id: projA3, name: 'Mall', ...extra }), JSON.stringify(extra)).toMatchObject({ code: Code.VALIDATION, field });
    }
    expect(await add({ project_id: projB, name: 'Foreign' })).toMatchObject({ code: Code.NOT_FOUND, field: 'project_id' });
    expect(await count()).toBe(2);
  });

  it('checks the place on update and follows it in the guest address', async () => {
    expect(await call({ method: 'update', id: hotel, place: 'Nowhere' })).toMatchObject({ code: Code.VALIDATION, field: 'place' });
    expect(await call({ method: 'update', id: hotel, project_id: projA3 })).toMatchObject({ code: Code.VALIDATION, field: 'project_id' });
    expect(await call({ method: 'update', id: hotel, domain: 'a b' })).toMatchObject({ code: Code.VALIDATION, field: 'domain' });
    const r = await call<Platform>({ method: 'update', id: hotel, place: '', contact: 'Mr Zhao' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ place: '', contact: 'Mr Zhao', guest_url: `/wifilogin?org=${orgA}&place=` });
    expect((await call<Platform>({ method: 'update', id: hotel, place: 'Lobby 1' })).data?.guest_url).toBe(`/wifilogin?org=${orgA}&place=Lobby%201`);
  });

  it('is enabled and disabled by its actions, and filtered by project and status', async () => {
    expect(await call({ method: 'disable', id: hotel })).toMatchObject({ code: 200, data: { status: 0 } });
    expect((await call<{ total: number }>({ method: 'list', size: 50, status: 0 })).data?.total).toBe(1);
    expect((await call<{ list: Platform[] }>({ method: 'list', size: 50, project_id: projA2 })).data?.list.map((p) => p.name)).toEqual(['Campus']);
    expect(await call({ method: 'enable', id: hotel })).toMatchObject({ code: 200, data: { status: 1 } });
    const exp = await call({ method: 'export', format: 'csv' });
    expect(exp.code, exp.msg).toBe(200);
  });

  it('keeps each organisation\'s platforms to itself', async () => {
    expect((await call<{ total: number }>({ method: 'list', size: 50 }, other)).data?.total).toBe(0);
    expect(await call({ method: 'detail', id: hotel }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'update', id: hotel, name: 'Mine' }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'disable', id: hotel }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'remove', id: hotel }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await add({ project_id: projA3, name: 'Theirs' }, other)).toMatchObject({ code: Code.NOT_FOUND, field: 'project_id' });
    // Its own place, in its own organisation.
    const own = await add({ project_id: projB, name: 'B Wi-Fi', place: 'Pool' }, other);
    expect(own.code, own.msg).toBe(200);
    const [row] = await t.database.db.select().from(projectPortalPlatforms).where(eq(projectPortalPlatforms.id, hotel));
    expect(row).toMatchObject({ name: 'Harbour guest Wi-Fi', status: 1 });
  });

  it('removes a platform, after which the project may have another', async () => {
    expect(await call({ method: 'remove', id: hotel })).toMatchObject({ code: 200 });
    expect((await add({ project_id: projA, name: 'Harbour again' })).code).toBe(200);
  });
});
