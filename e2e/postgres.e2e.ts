import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { md5 } from '@gx/contract';
import { ADMIN_PASSWORD, startServer } from './support/server';

// The same build on PostgreSQL, chosen by DATABASE_URL alone. Runs where CI provides TEST_DATABASE_URL.
const base = process.env.TEST_DATABASE_URL;

describe.runIf(base)('the built server on PostgreSQL (DATABASE_URL)', () => {
  const name = `gx_e2e_${randomBytes(4).toString('hex')}`;
  let url = '';
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(base ?? '');
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('migrates, seeds, serves and keeps its data across a restart; two instances share one database', async () => {
    const a = await startServer({ DATABASE_URL: url });
    const b = await startServer({ DATABASE_URL: url });
    expect(a.output()).toContain('database: postgres');
    const login = await fetch(`${a.url}/v3/admin/index/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: md5(ADMIN_PASSWORD), code: '' }),
    }).then((r) => r.json() as Promise<{ code: number; token: string }>);
    expect(login.code).toBe(200);
    // A session created through one instance is valid on the other: no state lives in a process.
    const info = await fetch(`${b.url}/v3/admin/index/info`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` }, body: '{}',
    }).then((r) => r.json() as Promise<{ code: number }>);
    expect(info.code).toBe(200);
    await a.stop();
    await b.stop();
    const c = await startServer({ DATABASE_URL: url });
    const again = await fetch(`${c.url}/v3/admin/index/info`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` }, body: '{}',
    }).then((r) => r.json() as Promise<{ code: number }>);
    expect(again.code).toBe(200);
    await c.stop();
  });
});
