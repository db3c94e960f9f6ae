import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { z } from 'zod';
import { Code, IMAGE_MAX_BYTES } from '@gx/contract';
import { AppError } from './errors';

const MB = 1024 * 1024;

/** A file from a multipart body, buffered and checked against the route's limits by its schema. */
export interface UploadedFile {
  kind: 'file';
  filename: string;
  mimetype: string;
  data: Buffer;
}

export const zFile = z.custom<UploadedFile>(
  (v) => typeof v === 'object' && v !== null && (v as UploadedFile).kind === 'file' && Buffer.isBuffer((v as UploadedFile).data),
  'validation.file',
);

/**
 * A file of a route that streams uploads to disk (`diskUploadConfig`): written to a temporary file and hashed on
 * the way, never held in memory. The handler moves it into the file store (`FileStore.putFile`); whatever is still
 * at `path` when the response is sent (refused, failed, interrupted) is deleted then.
 */
export interface DiskFile {
  kind: 'disk';
  filename: string;
  mimetype: string;
  path: string;
  size: number;
  sha256: string;
}

export const zDiskFile = z.custom<DiskFile>(
  (v) => typeof v === 'object' && v !== null && (v as DiskFile).kind === 'disk' && typeof (v as DiskFile).path === 'string',
  'validation.file',
);

/** Route config of an endpoint whose uploads go to disk, up to `maxBytes` per file (one file per request). */
export function diskUploadConfig(maxBytes: number) {
  return { diskUploads: true, multipartOptions: { limits: { fileSize: maxBytes, files: 1, fields: 50, fieldSize: 64 * 1024, parts: 51 } } };
}

const tempFiles = new WeakMap<FastifyRequest, string[]>();

/** Removes the request's temporary uploads still on disk (moved ones are gone already). */
async function removeTempFiles(req: FastifyRequest): Promise<void> {
  const paths = tempFiles.get(req);
  if (paths) await Promise.all(paths.map((p) => rm(p, { force: true })));
}

/** The base name only: a client-sent path must never reach the file store. */
const baseName = (filename: string | undefined): string => (filename ?? '').split(/[\\/]/).pop() ?? '';

/** Streams one part to a temporary file, counting and hashing it; the part's value becomes the `DiskFile`. */
async function toDisk(dir: string, req: FastifyRequest, part: MultipartFile): Promise<void> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `upload-${randomBytes(12).toString('hex')}`);
  tempFiles.set(req, [...(tempFiles.get(req) ?? []), path]);
  const hash = createHash('sha256');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, count, createWriteStream(path, { flags: 'wx' }));
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
  (part as unknown as { value: DiskFile }).value = { kind: 'disk', filename: baseName(part.filename), mimetype: part.mimetype ?? '', path, size, sha256: hash.digest('hex') };
}

interface MultipartFieldLike {
  type: 'field' | 'file';
  value?: unknown;
  filename?: string;
  mimetype?: string;
  toBuffer?: () => Promise<Buffer>;
}

function isPart(v: unknown): v is MultipartFieldLike {
  return typeof v === 'object' && v !== null && 'type' in v && ((v as MultipartFieldLike).type === 'field' || (v as MultipartFieldLike).type === 'file');
}

async function normalisePart(part: MultipartFieldLike): Promise<unknown> {
  if (part.type === 'field') return part.value;
  if ((part.value as DiskFile | undefined)?.kind === 'disk') return part.value;
  const data = part.toBuffer ? await part.toBuffer() : Buffer.alloc(0);
  return { kind: 'file', filename: baseName(part.filename), mimetype: part.mimetype ?? '', data } satisfies UploadedFile;
}

/** Buffered uploads of any route stop here (a route that streams to disk sets its own size). */
const BUFFERED_FILE_MAX_BYTES = IMAGE_MAX_BYTES * 10;

/**
 * A file over its route's size, as the contract answers it: 1011 naming the file's field, saying the limit — not a
 * bare 413. `null` when `err` is something else. Multipart reports the size either while a part is read or when the
 * body ends (then on `err.part`), so the error handler asks too.
 */
export function fileTooLarge(req: FastifyRequest, err: unknown, fieldname?: string): AppError | null {
  if ((err as { code?: string } | null)?.code !== 'FST_REQ_FILE_TOO_LARGE') return null;
  const config = req.routeOptions.config as { multipartOptions?: { limits?: { fileSize?: number } } };
  const limit = config.multipartOptions?.limits?.fileSize ?? BUFFERED_FILE_MAX_BYTES;
  const field = fieldname ?? (err as { part?: { fieldname?: string } }).part?.fieldname;
  return new AppError(Code.PAYLOAD_TOO_LARGE, `validation.fileSize:${Math.floor(limit / MB)}`, field);
}

/**
 * JSON (Fastify's own parser, which refuses __proto__ keys), form-urlencoded and multipart bodies all arrive at
 * handlers as one plain object, so schemas do not care how the console encoded them. Streamed uploads are written
 * under `uploadDir` (`DATA_DIR/tmp`: the file store's disk, so moving one into the store is a rename).
 */
export async function registerBodyParsers(app: FastifyInstance, uploadDir: string): Promise<void> {
  await app.register(formbody, { bodyLimit: app.initialConfig.bodyLimit });
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: BUFFERED_FILE_MAX_BYTES, files: 5, fields: 200, fieldSize: 1024 * 1024, parts: 205 },
    // Buffered (images, imports) unless the route streams its uploads to disk (firmware, apps, videos).
    async onFile(this: FastifyRequest, part: MultipartFile) {
      try {
        if ((this.routeOptions.config as { diskUploads?: boolean }).diskUploads) await toDisk(uploadDir, this, part);
        else await part.toBuffer();
      } catch (err) {
        throw fileTooLarge(this, err, part.fieldname) ?? err;
      }
    },
  });
  // A temporary upload the handler did not move into the store goes once the answer is sent, whatever it was.
  app.addHook('onResponse', removeTempFiles);
  app.addHook('onRequestAbort', removeTempFiles);
  app.addHook('preValidation', async (req) => {
    if (!req.isMultipart() || typeof req.body !== 'object' || req.body === null) return;
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [key, value] of Object.entries(req.body as Record<string, unknown>)) {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
      if (Array.isArray(value)) out[key] = await Promise.all(value.filter(isPart).map(normalisePart));
      else if (isPart(value)) out[key] = await normalisePart(value);
    }
    req.body = { ...out };
  });
}
