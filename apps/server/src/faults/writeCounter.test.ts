import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bothEngines, startTestApp, type TestApp } from '../testing/testApp';
import { countWrites } from './writeCounter';

describe.each(bothEngines)('the fuzz\'s write counter (%s)', (engine) => {
  let t: TestApp;
  let writes: () => Promise<number>;
  const run = (q: string) => t.database.db.execute(sql.raw(q));
  beforeAll(async () => {
    t = await startTestApp({ engine });
    // A table of the test's own, so that no product trigger adds rows of its own to the counts.
    await run('create table probe (id integer primary key, v text not null)');
    writes = await countWrites(t.database);
  });
  afterAll(async () => t?.close());

  it('counts rows inserted, changed and deleted, and truncates', async () => {
    const start = await writes();
    await run(`insert into probe values (1, 'a'), (2, 'b')`);
    expect(await writes()).toBe(start + 2);
    await run(`update probe set v = 'c' where id = 1`);
    expect(await writes()).toBe(start + 3);
    await run('delete from probe where id = 2');
    expect(await writes()).toBe(start + 4);
    await run('truncate probe');
    expect(await writes()).toBe(start + 5);
  });

  it('does not count an update that leaves the row as it was, a rolled-back write or a volatile table', async () => {
    await run(`insert into probe values (3, 'd')`);
    await t.login();
    const start = await writes();
    await run('update probe set v = v');
    await expect(t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`insert into probe values (4, 'e')`));
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    const touched = (await run(`update sessions set last_seen_at = now() returning id`)) as unknown as { rows: unknown[] };
    expect(touched.rows.length).toBeGreaterThan(0);
    expect(await writes()).toBe(start);
  });
});
