import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { Code, md5 } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../testing/testApp';
import { operationLog, users } from '../db/schema';

/** Bad input gets a clear code naming the field, and writes nothing (issue 4 "Bad input"). */
describe.each(engines)('bad input (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  const call = (body: unknown) => t.post('/admin/system/user', body, { token: admin });
  const rows = async () => ({
    users: (await t.database.db.select({ n: count() }).from(users))[0]!.n,
    log: (await t.database.db.select({ n: count() }).from(operationLog))[0]!.n,
  });

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
  });
  afterAll(async () => t.close());

  it('answers an unknown method with 1014', async () => {
    expect(await call({ method: 'drop' })).toMatchObject({ code: Code.UNKNOWN_METHOD, field: 'method' });
    expect(await call({})).toMatchObject({ code: Code.UNKNOWN_METHOD });
  });

  it.each([
    [{ method: 'list', page: 0 }, 'page'],
    [{ method: 'list', page: 'abc' }, 'page'],
    [{ method: 'list', page: 1_000_001 }, 'page'],
    [{ method: 'list', size: 101 }, 'size'],
    [{ method: 'list', size: -5 }, 'size'],
    [{ method: 'list', sort: 'password_hash' }, 'sort'],
    [{ method: 'list', sort: 'id; drop table users' }, 'sort'],
    [{ method: 'list', order: 'sideways' }, 'order'],
    [{ method: 'list', salary: 1 }, 'salary'],
    [{ method: 'list', status: 'on' }, 'status'],
    [{ method: 'list', created_at_from: 'yesterday' }, 'created_at_from'],
    [{ method: 'list', keyword: 'k'.repeat(65) }, 'keyword'],
    [{ method: 'detail', id: 'one' }, 'id'],
    [{ method: 'detail', id: [1] }, 'id'],
    [{ method: 'detail', id: 2 ** 31 }, 'id'],
    [{ method: 'remove' }, 'id'],
    [{ method: 'remove', id: 2, ids: [3] }, 'ids'],
    [{ method: 'disable', ids: Array.from({ length: 101 }, (_, i) => i + 4) }, 'ids'],
    [{ method: 'add', username: 'ok_name', password: md5('x'), nickname: 'n'.repeat(65) }, 'nickname'],
    [{ method: 'add', username: 'ok_name', password: md5('x'), sex: 'x' }, 'sex'],
    [{ method: 'add', username: 'ok_name', password: md5('x'), role_ids: ['a'] }, 'role_ids.0'],
    [{ method: 'add', username: { $gt: '' }, password: md5('x') }, 'username'],
    [{ method: 'add', username: "x' or '1'='1", password: md5('x') }, 'username'],
    [{ method: 'add', username: 'ok_name', password: md5('x'), email: 'a@b' }, 'email'],
    [{ method: 'update', id: 1, username: 'renamed' }, 'username'],
  ])('refuses %j naming %s, and writes nothing', async (body, field) => {
    const before = await rows();
    expect(await call(body)).toMatchObject({ code: Code.VALIDATION, field });
    expect(await rows()).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    expect((await call([{ method: 'list' }])).code).toBe(Code.VALIDATION);
    expect((await t.post('/admin/system/user', '{"method":', { token: admin })).code).toBe(Code.VALIDATION);
  });

  it('treats quotes, wildcards and backslashes in filters as text', async () => {
    for (const username of ["' OR 1=1 --", '%', '_', '\\', 'adm%']) {
      const r = await call({ method: 'list', username });
      expect(r.code).toBe(200);
      expect((r.data as { total: number }).total).toBe(0);
    }
    expect(((await call({ method: 'list', username: 'ADM' })).data as { total: number }).total).toBe(1);
  });

  it('answers a missing row and another tenant\'s row alike: NOT_FOUND, nothing written', async () => {
    const before = await rows();
    for (const body of [{ method: 'update', id: 999_999, nickname: 'x' }, { method: 'remove', ids: [999_999] }, { method: 'enable', id: 999_999 }]) {
      expect((await call(body)).code).toBe(Code.NOT_FOUND);
    }
    expect(await rows()).toEqual(before);
  });
});
