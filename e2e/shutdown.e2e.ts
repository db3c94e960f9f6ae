import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';
import { signInToken } from './support/api';

/** SIGTERM under load: requests already being served finish normally; none fails with a server fault. */
describe('graceful shutdown', () => {
  let server: RunningServer;
  let token = '';
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: 'error' });
    token = await signInToken(server.url);
  });
  afterAll(async () => server?.stop());

  it('finishes in-flight requests and exits 0', async () => {
    const codes: number[] = [];
    let stop = false;
    // SIGTERM once the load is in full swing: every worker has had answers and has its next request in flight.
    const SWING = 60;
    let swinging: () => void = () => undefined;
    const inFullSwing = new Promise<void>((r) => { swinging = r; });
    const workers = Array.from({ length: 30 }, async () => {
      while (!stop) {
        try {
          const res = await fetch(`${server.url}/v3/admin/system/user`, {
            method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ method: 'list', page: 1, size: 20 }),
          });
          if (res.status === 503) { codes.push(503); continue; }
          codes.push(((await res.json()) as { code: number }).code);
          if (codes.length >= SWING) swinging();
        } catch {
          stop = true; // the listener has closed: nothing more to send
        }
      }
    });
    await inFullSwing;
    const exit = server.stop('SIGTERM');
    await Promise.all(workers);
    expect(await exit).toBe(0);
    expect(codes.length).toBeGreaterThan(30);
    expect(codes.filter((c) => c !== 200 && c !== 503)).toEqual([]);
  }, 60_000);
});
