import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/testApp';

const SCRIPT = 'export const page = "a hashed asset";';
const SMALL = `export const small = "${'ab'.repeat(200)}";`;

describe('serving the built console', () => {
  const dist = mkdtempSync(join(tmpdir(), 'gx-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    const html = '<!doctype html><title>console</title>';
    writeFileSync(join(dist, 'index.html'), html);
    // As the build leaves them: pre-compressed siblings of every text asset.
    writeFileSync(join(dist, 'index.html.gz'), gzipSync(html));
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(html));
    writeFileSync(join(dist, 'wifilogin.html'), '<!doctype html><title>guest</title>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'page-AbCdEf12.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'page-AbCdEf12.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(dist, 'assets', 'page-AbCdEf12.js.br'), brotliCompressSync(SCRIPT));
    // Under the build's 1 KB threshold: no siblings.
    writeFileSync(join(dist, 'assets', 'small-AbCdEf12.js'), SMALL);
    // The default dist path (a URL resolved to a directory) ends with a slash, as here.
    t = await startTestApp({ env: { WEB_DIST: `${dist}/` } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the site root, and any client-side route, with the console entry page, never cached', async () => {
    for (const path of ['/', '/dashboard', '/system/user?tab=2']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>console</title>');
    }
    expect((await fetch(`${t.url}/`, { method: 'HEAD' })).headers.get('content-type')).toContain('text/html');
  });

  it('answers /wifilogin with the guest page\'s own entry, whatever its query', async () => {
    for (const path of ['/wifilogin', '/wifilogin?org=1&gw_id=AP1&mac=AA:BB:CC:DD:EE:01']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>guest</title>');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await fetch(`${t.url}/assets/index-AbCdEf12.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('chooses a pre-compressed sibling by Accept-Encoding, and says so in Vary for shared caches', async () => {
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', null]] as const) {
      const res = await fetch(`${t.url}/`, { headers: { 'accept-encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
      expect(await res.text()).toContain('<title>console</title>');
    }
  });

  it('serves an asset\'s pre-compressed sibling by Accept-Encoding (q=0 refuses one), the same bytes every time', async () => {
    const cases = [['br, gzip', 'br'], ['gzip, br;q=0', 'gzip'], ['identity', null], ['br;q=0, gzip;q=0', null], ['br, gzip', 'br']] as const;
    for (const [accept, encoding] of cases) {
      const res = await fetch(`${t.url}/assets/page-AbCdEf12.js`, { headers: { 'accept-encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
      expect(await res.text()).toBe(SCRIPT);
    }
    expect((await fetch(`${t.url}/assets/page-AbCdEf12.js`, { method: 'HEAD' })).status).toBe(200);
  });

  it('compresses a small script the build left without siblings, and sends a tiny one as it is', async () => {
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', null]] as const) {
      const res = await fetch(`${t.url}/assets/small-AbCdEf12.js`, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.text()).toBe(SMALL);
    }
    // 14 bytes: compressed they would be more.
    const tiny = await fetch(`${t.url}/assets/index-AbCdEf12.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('console.log(1)');
  });

  it('answers a missing file with 404, not the entry page, and takes no path outside the assets', async () => {
    expect((await fetch(`${t.url}/assets/missing-00000000.js`)).status).toBe(404);
    expect((await fetch(`${t.url}/assets/..%2Findex.html`)).status).toBe(404);
    expect((await fetch(`${t.url}/assets/.hidden`)).status).toBe(404);
  });
});
