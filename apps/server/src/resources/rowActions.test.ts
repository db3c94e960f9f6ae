import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, DENIED_KEY, md5, type BatchResult } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../testing/testApp';

interface UserRow { id: number; username: string; status: number; [DENIED_KEY]?: Record<string, string> }

/**
 * Per-row allowed actions and per-row batch results (issue 18 point 5): the list says which row operations the
 * server would refuse and why, by the same guard the write runs; a batch answers row by row.
 */
describe.each(engines)('per-row actions (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  const call = <T>(body: Record<string, unknown>, lang = 'en') =>
    t.post<T>('/admin/system/user', body, { token: admin, headers: { 'accept-language': lang } });
  const listed = async () => (await call<{ list: UserRow[] }>({ method: 'list', size: 100 })).data!.list;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    for (const username of ['row_a', 'row_b']) {
      expect((await call({ method: 'add', username, password: md5('Secret12') })).code).toBe(200);
    }
  });
  afterAll(async () => t.close());

  it('marks the operations the server would refuse on each row, with the reason', async () => {
    const rows = await listed();
    const self = rows.find((r) => r.username === 'admin')!;
    expect(Object.keys(self[DENIED_KEY] ?? {}).sort()).toEqual(['disable', 'enable', 'remove', 'reset_password']);
    expect(self[DENIED_KEY]!.remove).not.toBe('');
    expect(self[DENIED_KEY]!.remove).toMatch(/\w/);
    // Another user: everything allowed (enabling an enabled row leaves it alone, as the write does).
    expect(rows.find((r) => r.username === 'row_a')![DENIED_KEY]).toBeUndefined();
  });

  it('a batch does the rows it may and names the refused ones instead of failing whole', async () => {
    const rows = await listed();
    const ids = ['admin', 'row_a', 'row_b'].map((u) => rows.find((r) => r.username === u)!.id);
    const r = await call<BatchResult & { updated: number }>({ method: 'disable', ids });
    expect(r.code).toBe(200);
    expect(r.data!.done.sort()).toEqual(ids.slice(1).sort());
    expect(r.data!.refused.map((x) => x.id)).toEqual([ids[0]]);
    expect(r.data!.refused[0]!.message).toBe(rows.find((x) => x.id === ids[0])![DENIED_KEY]!.disable);
    const after = await listed();
    expect(after.filter((x) => ids.includes(x.id)).map((x) => [x.username, x.status]).sort()).toEqual([['admin', 1], ['row_a', 0], ['row_b', 0]]);
  });

  it('a batch with nothing done fails with the refusal and still answers per row', async () => {
    const r = await call<BatchResult>({ method: 'remove', ids: [1] });
    expect(r.code).toBe(Code.FORBIDDEN);
    expect(r.data!.refused.map((x) => x.id)).toEqual([1]);
    expect((await listed()).some((x) => x.id === 1)).toBe(true);
  });

  it('a refusal naming a field says its label, in the request language', async () => {
    const en = await call({ method: 'add', username: 'admin', password: md5('Secret12') });
    expect(en).toMatchObject({ code: Code.CONFLICT, field: 'username' });
    expect(en.msg).toMatch(/^Username: /);
    const zh = await call({ method: 'add', username: 'row_c', cellphone: '123', password: md5('Secret12') }, 'zh-CN');
    expect(zh).toMatchObject({ code: Code.VALIDATION, field: 'cellphone' });
    expect(zh.msg).toMatch(/^手机号：/);
  });
});

/**
 * A row others hold under a `refuse` rule (a department with sub-departments) is marked not removable, with the
 * reason the remove would answer, in the list and the tree alike; the others stay removable (issue 18 point 6).
 */
describe.each(engines)('rows held under a refuse rule (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  const call = <T>(body: Record<string, unknown>) => t.post<T>('/admin/system/unit', body, { token: admin, headers: { 'accept-language': 'en' } });
  interface UnitRow { id: number; name: string; [DENIED_KEY]?: Record<string, string>; children?: UnitRow[] }

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
  });
  afterAll(async () => t.close());

  it('are marked not removable with the count of holders; the rest stay removable', async () => {
    const parent = (await call<{ id: number }>({ method: 'add', name: 'Held parent' })).data!.id;
    for (const name of ['Child one', 'Child two']) expect((await call({ method: 'add', name, parent_id: parent })).code).toBe(200);
    const listed = (await call<{ list: UnitRow[] }>({ method: 'list', size: 100, name: 'Held' })).data!.list;
    expect(listed.map((r) => [r.name, r[DENIED_KEY]?.remove])).toEqual([['Held parent', 'Cannot be removed: in use by 2 sub-departments; release them first']]);
    const children = (await call<{ list: UnitRow[] }>({ method: 'list', size: 100, name: 'Child' })).data!.list;
    expect(children.map((r) => r[DENIED_KEY]?.remove)).toEqual([undefined, undefined]);
    // The tree marks the same way.
    const tree = (await call<UnitRow[]>({ method: 'tree' })).data!;
    const held = tree.find((r) => r.id === parent)!;
    expect(held[DENIED_KEY]?.remove).toMatch(/^Cannot be removed: in use by 2 sub-departments/);
    expect(held.children!.every((c) => c[DENIED_KEY]?.remove === undefined)).toBe(true);
    // And the remove itself still refuses, naming them.
    const r = await call({ method: 'remove', id: parent });
    expect(r.code).toBe(Code.IN_USE);
  });
});
