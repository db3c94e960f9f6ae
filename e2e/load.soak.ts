import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import autocannon from 'autocannon';
import { startServer, type RunningServer } from './support/server';
import { signInToken } from './support/api';
import { rssMiB } from '../bench/memory';

/**
 * A bounded mixed read/write load at 100 concurrent connections against the built server: every answer must be a
 * success, and memory must level off rather than grow with the number of requests served.
 */
const CONNECTIONS = 100;
const SECONDS = 8;

describe('mixed load (100 connections)', () => {
  let server: RunningServer;
  let token = '';
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: 'error' });
    token = await signInToken(server.url);
  });
  afterAll(async () => server?.stop());

  async function phase(tag: string): Promise<{ total: number; failed: number; errors: number }> {
    let seq = 0;
    let failed = 0;
    const json = (body: unknown) => JSON.stringify(body);
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      requests: [
        { method: 'POST', path: '/v3/admin/system/user', body: json({ method: 'list', page: 1, size: 20 }) },
        { method: 'POST', path: '/v3/admin/index/info', body: '{}' },
        { method: 'POST', path: '/v3/admin/index/menu', body: '{}' },
        {
          method: 'POST', path: '/v3/admin/boos/warden_proposal',
          setupRequest: (req) => ({ ...req, body: json({ method: 'form', content: `load ${tag} ${seq++}` }) }),
        },
        { method: 'POST', path: '/v3/admin/notification/inbox', body: json({ method: 'inform' }) },
        {
          method: 'POST', path: '/v3/admin/system/organization',
          setupRequest: (req) => ({ ...req, body: json({ method: 'list', page: 1 + (seq % 3), size: 10 }) }),
        },
      ],
      setupClient: (client) => {
        client.on('body', (buf: Buffer) => {
          if (!buf.toString('utf8', 0, 24).includes('"code":200')) failed++;
        });
      },
    });
    return { total: result.requests.total, failed, errors: result.errors + result.timeouts + result.non2xx };
  }

  it('answers every request successfully and its memory levels off', async () => {
    const pid = server.process.pid ?? 0;
    const warm = await phase('warm-up');
    const afterWarm = rssMiB(pid);
    const first = await phase('first');
    const afterFirst = rssMiB(pid);
    const second = await phase('second');
    const afterSecond = rssMiB(pid);
    console.info(`load: ${warm.total + first.total + second.total} requests; RSS ${afterWarm} → ${afterFirst} → ${afterSecond} MiB`);
    for (const p of [warm, first, second]) {
      expect(p.errors).toBe(0);
      expect(p.failed).toBe(0);
      expect(p.total).toBeGreaterThan(100);
    }
    // A leak grows with requests served: the second equal phase must not add as much again as the first.
    expect(afterSecond - afterFirst).toBeLessThan(Math.max(48, (afterFirst - afterWarm) * 1.5 + 16));
    expect(afterSecond).toBeLessThan(1024);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 120_000);
});
