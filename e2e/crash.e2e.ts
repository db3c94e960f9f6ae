import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startServer } from './support/server';
import { callApi, trySignIn } from './support/api';

/**
 * Crash durability: the server is killed with SIGKILL while it acknowledges writes (each sign-in writes a session
 * and an operation-log row and answers with the token). After every restart the database must open and every
 * acknowledged write must be there.
 */
/**
 * Rounds run for a fixed time (CRASH_SECONDS per database, default 20), at least two: the kills land at different
 * moments each time, so more rounds find more, but the suite's length must not depend on the machine's speed.
 */
const BUDGET_MS = Number(process.env.CRASH_SECONDS ?? 20) * 1000;
const MIN_ROUNDS = 2;

// A sign-in the kill interrupted answers nothing: not acknowledged, so not owed.
const login = (url: string) => trySignIn(url);
const stillValid = async (url: string, token: string) => (await callApi(url, '/admin/index/info', {}, token)).code === 200;

async function crashRounds(env: Record<string, string>, dataDir: string): Promise<{ acknowledged: number; lost: number }> {
  const acknowledged: string[] = [];
  const started = Date.now();
  let round = 0;
  for (; round < MIN_ROUNDS || Date.now() - started < BUDGET_MS; round++) {
    const server = await startServer(env, dataDir);
    const lost: string[] = [];
    for (const token of acknowledged) if (!(await stillValid(server.url, token))) lost.push(token);
    expect(lost, `round ${round}: acknowledged sign-ins lost after SIGKILL`).toEqual([]);
    // Four writers in flight; kill after a random number of acknowledged writes, so the kill lands mid-write (the
    // other writers are between request and answer) at a different point each round.
    let stop = false;
    const killAfter = acknowledged.length + 1 + ((randomBytes(1)[0] ?? 0) % 24);
    let killed: () => void = () => undefined;
    const due = new Promise<void>((r) => { killed = r; });
    const writers = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const token = await login(server.url);
        if (token) acknowledged.push(token);
        if (acknowledged.length >= killAfter) killed();
      }
    });
    await due;
    server.process.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await server.stop();
  }
  console.info(`crash durability: ${acknowledged.length} acknowledged sign-ins over ${round} SIGKILLs`);
  const final = await startServer(env, dataDir);
  let lost = 0;
  for (const token of acknowledged) if (!(await stillValid(final.url, token))) lost++;
  await final.stop();
  return { acknowledged: acknowledged.length, lost };
}

// The two databases' rounds run side by side (their servers, directories and databases are apart): the server group
// waited for them one after the other, 51 s of its 60 on a 2-core machine.
describe.concurrent('crash durability', () => {
  it('PGlite: every acknowledged write survives repeated SIGKILL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gx-crash-'));
    try {
      const { acknowledged, lost } = await crashRounds({}, dir);
      expect(acknowledged).toBeGreaterThan(0);
      expect(lost).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);

  describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    const base = process.env.TEST_DATABASE_URL ?? '';
    const name = `gx_crash_${randomBytes(4).toString('hex')}`;
    const url = Object.assign(new URL(base || 'postgres://x/y'), { pathname: `/${name}` }).toString();
    beforeAll(async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
    });
    afterAll(async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    it('every acknowledged write survives repeated SIGKILL', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gx-crash-pg-'));
      try {
        const { acknowledged, lost } = await crashRounds({ DATABASE_URL: url }, dir);
        expect(acknowledged).toBeGreaterThan(0);
        expect(lost).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 240_000);
  });
});
