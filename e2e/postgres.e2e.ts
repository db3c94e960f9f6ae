import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startServer } from './support/server';
import { callApi, signInToken } from './support/api';

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
    const token = await signInToken(a.url);
    // A session created through one instance is valid on the other: no state lives in a process.
    expect((await callApi(b.url, '/admin/index/info', {}, token)).code).toBe(200);
    await a.stop();
    await b.stop();
    const c = await startServer({ DATABASE_URL: url });
    expect((await callApi(c.url, '/admin/index/info', {}, token)).code).toBe(200);
    await c.stop();
  });
});
