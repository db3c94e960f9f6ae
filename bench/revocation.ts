import { ok, signInToken, untilRefusedEverywhere } from '../e2e/support/api';
import { startServer, type RunningServer } from '../e2e/support/server';
import { databaseUrl, onServer } from '../apps/server/src/testing/pgServer';

export interface RevocationFigures {
  instances: number;
  rounds: number;
  /** From the logout's answer on one instance to every instance refusing the token (1005). */
  p50Ms: number;
  maxMs: number;
}

/**
 * Issue 17 point 1's figure: a session ended on one instance is refused by every instance within 1 s. Three built
 * servers on one fresh PostgreSQL database (scaled out as the README describes); each round signs in on one
 * instance, makes every instance hold the caller, logs out on another and polls all three until they refuse it.
 * The tests check that the refusal reaches every instance by the change channel (`e2e/scaleOut.e2e.ts`); how fast
 * it does is measured here, since tests never assert timings.
 */
export async function measureRevocation(base: string, rounds: number): Promise<RevocationFigures> {
  const name = `gx_bench_revocation_${Date.now().toString(36)}`;
  await onServer(base, `create database ${name}`);
  const servers: RunningServer[] = [];
  try {
    const env = { DATABASE_URL: databaseUrl(base, name), LOG_LEVEL: 'warn' };
    // The first migrates and seeds; the others start on the ready database.
    servers.push(await startServer(env));
    servers.push(...await Promise.all([startServer(env), startServer(env)]));
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const token = await signInToken(servers[i % servers.length]!.url);
      for (const s of servers) await ok(s.url, '/admin/index/info', {}, token);
      await ok(servers[(i + 1) % servers.length]!.url, '/admin/index/logout', {}, token);
      const start = performance.now();
      await untilRefusedEverywhere(servers.map((s) => s.url), token, 30_000);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { instances: servers.length, rounds, p50Ms: Math.round(times[Math.floor(times.length / 2)]!), maxMs: Math.round(times.at(-1)!) };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await onServer(base, `drop database if exists ${name} with (force)`);
  }
}
