import { readFileSync } from 'node:fs';
import { MemoryFS, type PGliteOptions } from '@electric-sql/pglite';

type Filesystem = NonNullable<PGliteOptions['fs']>;

/** Where PGlite keeps its data directory inside its WebAssembly file system. */
const PGDATA = '/pglite/data';

interface Entry {
  path: string;
  /** A file's bytes (a view into the dump); absent for a directory. */
  data?: Uint8Array;
}

/** The dump's entries, parsed once per process: a worker's test files share its modules (`isolate: false`). */
const parsed = new Map<string, Entry[]>();

/** The entries of an uncompressed ustar archive (what `dumpDataDir('none')` writes): directories and regular files. */
function untar(buf: Uint8Array): Entry[] {
  const decoder = new TextDecoder();
  const text = (at: number, length: number) => decoder.decode(buf.subarray(at, at + length)).replace(/\0.*$/s, '');
  const entries: Entry[] = [];
  for (let at = 0; at + 512 <= buf.length;) {
    const name = text(at, 100);
    if (!name) break;
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = text(at + 156, 1) || '0';
    const prefix = text(at + 257, 5) === 'ustar' ? text(at + 345, 155) : '';
    const path = (prefix ? `${prefix}/${name}` : name).replace(/^\/+|\/+$/g, '');
    at += 512;
    if (type === '5') entries.push({ path });
    else if (type === '0') entries.push({ path, data: buf.subarray(at, at + size) });
    at += Math.ceil(size / 512) * 512;
  }
  return entries;
}

/**
 * An in-memory file system that starts as a copy of the migrated template (`pgliteTemplate.ts` dumps it): PGlite
 * finds a data directory and resumes it. The same start as `loadDataDir` with that dump, for ~0.3 s less CPU a test
 * server here: the archive is read and parsed once per process, not unpacked again through a Blob for every server.
 * Each server writes into copies of the bytes (MEMFS copies on write), never into the shared dump.
 */
export function templateFilesystem(file: string): Filesystem {
  let entries = parsed.get(file);
  if (!entries) {
    entries = untar(new Uint8Array(readFileSync(file)));
    parsed.set(file, entries);
  }
  const files = entries;
  return new (class extends MemoryFS {
    override async initialSyncFs(): Promise<void> {
      await super.initialSyncFs();
      const fs = this.pg!.Module.FS;
      for (const { path, data } of files) {
        const at = `${PGDATA}/${path}`;
        if (!data) {
          fs.mkdirTree(at);
          continue;
        }
        const parent = at.slice(0, at.lastIndexOf('/'));
        if (!fs.analyzePath(parent).exists) fs.mkdirTree(parent);
        fs.writeFile(at, data);
      }
    }
  })();
}
