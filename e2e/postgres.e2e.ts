import { describe, expect, it } from 'vitest';
import { useScratchDatabase } from './support/scratchDatabase';
import { startServer } from './support/server';
import { callApi, signInToken } from './support/api';

// The same build on PostgreSQL, chosen by DATABASE_URL alone. Runs where CI provides TEST_DATABASE_URL.
const base = process.env.TEST_DATABASE_URL;

describe.runIf(base)('the built server on PostgreSQL (DATABASE_URL)', () => {
  const database = useScratchDatabase(base);

  it('migrates, seeds, serves and keeps its data across a restart; two instances share one database', async () => {
    const a = await startServer({ DATABASE_URL: database() });
    const b = await startServer({ DATABASE_URL: database() });
    expect(a.output()).toContain('database: postgres');
    const token = await signInToken(a.url);
    // A session created through one instance is valid on the other: no state lives in a process.
    expect((await callApi(b.url, '/admin/index/info', {}, token)).code).toBe(200);
    await a.stop();
    await b.stop();
    const c = await startServer({ DATABASE_URL: database() });
    expect((await callApi(c.url, '/admin/index/info', {}, token)).code).toBe(200);
    await c.stop();
  });
});
