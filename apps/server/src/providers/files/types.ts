import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are `<org>/<random>.<ext>` and are checked by the store itself, so no caller
 * can reach outside it. Local disk now; an object store (S3, OSS) is another implementation of the same three calls.
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** Moves a file on local disk (a streamed upload) into the store under `key`; the source is gone afterwards. */
  putFile(key: string, source: string): Promise<void>;
  /** The file as a stream with its size, or null when there is none. */
  get(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

/**
 * `<org id>/<16-64 url-safe chars>.<jpg|png|bin>`: the only keys a store accepts (`bin`: firmware packages, served
 * only through their signed links, never by the public uploads route). `get` with a range streams bytes
 * `start`…`end` inclusive; `size` is always the whole file's.
 */
export const FILE_KEY_RE = /^(\d{1,10})\/([A-Za-z0-9_-]{16,64}).(jpg|png|gif|bin|mp4)$/;

export function assertFileKey(key: string): void {
  if (!FILE_KEY_RE.test(key)) throw new Error(`invalid file key ${JSON.stringify(key)}`);
}
