import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser } from '../../resources/testing/fixtures';
import { deviceApi } from './testing';

/** Places (SPEC §7 `/admin/device/gateway_place`): fields checked and named, an ig gateway of the org, tenancy. */
const PLACES = '/admin/device/gateway_place';

describe.each(engines)('gateway places (%s)', (engine) => {
  let t: TestApp;
  let api: ReturnType<typeof deviceApi>;
  let other: ReturnType<typeof deviceApi>;
  const uid = () => `P${randomBytes(5).toString('hex').toUpperCase()}`;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    api = deviceApi(t, (await makeUser(t, await makeOrg(t, 'Places'), 'all')).token);
    other = deviceApi(t, (await makeUser(t, await makeOrg(t, 'Other places'), 'all')).token);
  });
  afterAll(async () => { await t?.close(); });

  it('adds, lists, updates and removes a place; checks each field by name', async () => {
    const gw = (await api.add(uid(), { family: 'ig' })).id;
    const ap = (await api.add(uid(), { family: 'ap' })).id;
    const noName = await api.post(PLACES, { method: 'add', gateway_id: gw });
    expect([noName.code, noName.field]).toEqual([Code.VALIDATION, 'name']);
    const long = await api.post(PLACES, { method: 'add', name: 'x'.repeat(65), gateway_id: gw });
    expect([long.code, long.field]).toEqual([Code.VALIDATION, 'name']);
    const noGw = await api.post(PLACES, { method: 'add', name: 'Hall' });
    expect([noGw.code, noGw.field]).toEqual([Code.VALIDATION, 'gateway_id']);
    const notIg = await api.post(PLACES, { method: 'add', name: 'Hall', gateway_id: ap });
    expect([notIg.code, notIg.field]).toEqual([Code.VALIDATION, 'gateway_id']);
    const room = await api.post(PLACES, { method: 'add', name: 'Hall', gateway_id: gw, room: 'r'.repeat(65) });
    expect([room.code, room.field]).toEqual([Code.VALIDATION, 'room']);

    const added = await api.post<{ id: number }>(PLACES, { method: 'add', name: 'Hall', gateway_id: gw, room: '1F', note: 'Lobby' });
    expect(added.code).toBe(Code.OK);
    const id = added.data!.id;
    const upd = await api.post(PLACES, { method: 'update', id, room: '2F' });
    expect(upd.code).toBe(Code.OK);
    const list = await api.post<{ list: { id: number; room: string; gateway_id: number }[] }>(PLACES, { method: 'list' });
    expect(list.data!.list.find((r) => r.id === id)).toMatchObject({ room: '2F', gateway_id: gw });
    expect((await api.post(PLACES, { method: 'remove', id })).code).toBe(Code.OK);
  });

  it('keeps places to their organisation', async () => {
    const gw = (await api.add(uid(), { family: 'ig' })).id;
    const theirGw = (await other.add(uid(), { family: 'ig' })).id;
    const foreign = await api.post(PLACES, { method: 'add', name: 'Foreign', gateway_id: theirGw });
    expect([foreign.code, foreign.field]).toEqual([Code.NOT_FOUND, 'gateway_id']);
    const id = (await api.post<{ id: number }>(PLACES, { method: 'add', name: 'Mine', gateway_id: gw })).data!.id;
    const seen = await other.post<{ list: { id: number }[] }>(PLACES, { method: 'list' });
    expect(seen.data!.list.map((r) => r.id)).not.toContain(id);
    expect((await other.post(PLACES, { method: 'detail', id })).code).toBe(Code.NOT_FOUND);
    expect((await other.post(PLACES, { method: 'update', id, name: 'Taken' })).code).toBe(Code.NOT_FOUND);
  });
});
