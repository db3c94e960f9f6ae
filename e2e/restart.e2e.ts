import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { md5 } from '@gx/contract';
import { ADMIN_PASSWORD, startServer } from './support/server';
import { callApi } from './support/api';

const post = callApi;

describe('the built server on its embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gx-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops cleanly on SIGTERM and keeps every row across restarts', async () => {
    const first = await startServer({}, dir);
    const login = await post(first.url, '/admin/index/login', { username: 'admin', password: md5(ADMIN_PASSWORD), code: '' });
    expect(login.code).toBe(200);
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await startServer({}, dir);
    expect(second.output()).not.toContain('Administrator created');
    const info = await post(second.url, '/admin/index/info', {}, login.token);
    expect(info.code).toBe(200);
    expect(await second.stop('SIGTERM')).toBe(0);
  });

  it('prints a generated administrator password once, on the first start only', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'gx-fresh-'));
    try {
      const a = await startServer({ ADMIN_PASSWORD: '' }, fresh);
      const m = /password "([^"]+)"/.exec(a.output());
      expect(m?.[1]).toBeTruthy();
      expect((await post(a.url, '/admin/index/login', { username: 'admin', password: md5(m?.[1] ?? ''), code: '' })).code).toBe(200);
      await a.stop();
      const b = await startServer({ ADMIN_PASSWORD: '' }, fresh);
      expect(b.output()).not.toContain('password "');
      await b.stop();
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
    // Two first starts of a fresh embedded database: each can take half a minute on a busy two-core machine.
  }, 180_000);

  it('refuses to start on a wrong setting, naming it', async () => {
    await expect(startServer({ SESSION_TTL: 'forever' })).rejects.toThrow(/SESSION_TTL/);
  });
});
