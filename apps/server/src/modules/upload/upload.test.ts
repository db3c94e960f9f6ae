import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { JPEG_HEAD, PNG_1PX } from '../../testing/members';
import { imageTypeOf } from './image';
import { localDiskFileStore } from '../../providers/files/localDisk';

describe('image type by content', () => {
  it('recognises JPEG, PNG and GIF by their first bytes, nothing else', () => {
    expect(imageTypeOf(PNG_1PX)).toBe('png');
    expect(imageTypeOf(JPEG_HEAD)).toBe('jpg');
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBe('gif');
    expect(imageTypeOf(Buffer.from('GIF88a'))).toBeNull();
    expect(imageTypeOf(Buffer.from('<?php echo 1; ?>'))).toBeNull();
    expect(imageTypeOf(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
  });
});

describe('local file store', () => {
  it('accepts only keys of the stored shape', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gx-store-'));
    try {
      const store = localDiskFileStore(dir);
      await store.put('1/abcdefghijklmnop.png', PNG_1PX);
      const got = await store.get('1/abcdefghijklmnop.png');
      expect(got?.size).toBe(PNG_1PX.length);
      got?.stream.destroy();
      expect(await store.get('1/abcdefghijklmnopqr.png')).toBeNull();
      for (const bad of ['../x/abcdefghijklmnop.png', '1/../../etc/passwd', '1/abcdefghijklmnop.svg', '/etc/abcdefghijklmnop.png', '1/short.png']) {
        await expect(store.put(bad, PNG_1PX)).rejects.toThrow(/invalid file key/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(engines)('serving uploads (%s)', (engine) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gx-uploads-'));
    // A file outside the uploads folder that a traversal would try to reach.
    writeFileSync(join(dataDir, 'secret.png'), 'secret');
    mkdirSync(join(dataDir, 'uploads', '3'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', '3', 'abcdefghijklmnopqrst.jpg'), JPEG_HEAD);
    t = await startTestApp({ engine, env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a stored image with its content type', async () => {
    const res = await fetch(`${t.url}/uploads/3/abcdefghijklmnopqrst.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });

  it('answers 404 for missing files and for anything shaped like a path escape', async () => {
    for (const path of [
      '/uploads/3/missingmissingmissing.jpg',
      '/uploads/..%2Fsecret.png',
      '/uploads/3/..%2F..%2Fsecret.png',
      '/uploads/%2e%2e/secret.png',
      '/uploads/3/abcdefghijklmnopqrst.jpg%00.png',
      '/uploads/3/abcdefghijklmnopqrst.JPG',
    ]) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(404);
    }
  });
});
