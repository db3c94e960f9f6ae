import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { engines, startTestApp, type TestApp } from '../testing/testApp';
import { makeOrg, switchOrg } from './testing/fixtures';

interface Page { list: { id: number; username: string }[]; total: number; page: number; size: number }

const N = 100_000;

/** A list of 100,000 rows answers any page, filter and sort correctly (issue 4 §5; timings live in bench/, not here). */
describe.each(engines)('a list at 100,000 rows (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  const list = (body: Record<string, unknown>) => t.post<Page>('/admin/system/user', { method: 'list', ...body }, { token: admin });

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    const org = await makeOrg(t, 'Big');
    await switchOrg(t, 1, org);
    await t.database.db.execute(sql`
      insert into users (username, password_hash, nickname, cellphone, status, current_org_id)
      select 'bulk' || g, 'x', 'Bulk ' || g, '139' || lpad(g::text, 8, '0'), case when g % 10 = 0 then 0 else 1 end, ${org}
      from generate_series(1, ${N}) g`);
    await t.database.db.execute(sql`insert into org_members (org_id, user_id) select ${org}, id from users where username like 'bulk%'`);
    await t.database.db.execute(sql`analyze users`);
    await t.database.db.execute(sql`analyze org_members`);
  }, 300_000);
  afterAll(async () => t.close());

  it('counts every member and pages from the first page to the last', async () => {
    const first = await list({});
    expect(first.data).toMatchObject({ total: N + 1, page: 1, size: 20 });
    expect(first.data!.list).toHaveLength(20);
    const ids = first.data!.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const deep = await list({ page: 4000, size: 25 });
    expect(deep.data!.list).toHaveLength(25);
    expect(deep.data!.list[0]!.id).toBe(first.data!.list[0]!.id - 3999 * 25);
    const last = await list({ page: Math.ceil((N + 1) / 100), size: 100 });
    expect(last.data!.list).toHaveLength((N + 1) % 100 || 100);
  });

  it('filters by prefix and by state, with exact totals', async () => {
    expect((await list({ username: 'BULK9999' })).data!.total).toBe(11);
    expect((await list({ keyword: '1390009999' })).data!.total).toBe(10);
    expect((await list({ status: 0 })).data!.total).toBe(N / 10);
    expect((await list({ status: 0, username: 'bulk5' })).data!.total).toBe(1111);
  });

  it('sorts by an indexed column and pages stay disjoint', async () => {
    const a = await list({ sort: 'username', order: 'asc', size: 50, username: 'bulk1' });
    const b = await list({ sort: 'username', order: 'asc', size: 50, page: 2, username: 'bulk1' });
    const names = [...a.data!.list, ...b.data!.list].map((r) => r.username);
    expect(new Set(names).size).toBe(100);
    expect(a.data!.total).toBe(11_112);
  });
});
