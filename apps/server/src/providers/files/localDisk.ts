import { copyFile, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { assertFileKey, type FileStore } from './types';

/**
 * Files under one root directory (`DATA_DIR/uploads`). Writes go to a temporary name and are renamed into place,
 * so a reader never sees half a file. Directories are created on first write only.
 */
export function localDiskFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertFileKey(key);
    return join(base, key);
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, data, { flag: 'wx' });
      await rename(tmp, path);
    },
    async putFile(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      try {
        await rename(source, path);
      } catch (err) {
        // The source on another file system: copied under a temporary name, then renamed.
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
        await copyFile(source, tmp);
        await rename(tmp, path);
        await rm(source, { force: true });
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      // Opened before answering, so a missing file is a null here rather than a stream error later.
      const handle = await open(path, 'r').catch(() => null);
      if (!handle) return null;
      const s = await handle.stat();
      if (!s.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream(range ? { start: range.start, end: range.end } : {}), size: s.size };
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
