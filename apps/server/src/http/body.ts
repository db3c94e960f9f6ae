import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '@gx/contract';

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
  const data = part.toBuffer ? await part.toBuffer() : Buffer.alloc(0);
  // Keep the base name only: a client-sent path must never reach the file store.
  const filename = (part.filename ?? '').split(/[\\/]/).pop() ?? '';
  return { kind: 'file', filename, mimetype: part.mimetype ?? '', data } satisfies UploadedFile;
}

/**
 * JSON (Fastify's own parser, which refuses __proto__ keys), form-urlencoded and multipart bodies all arrive at
 * handlers as one plain object, so schemas do not care how the console encoded them.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: app.initialConfig.bodyLimit });
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: IMAGE_MAX_BYTES * 10, files: 5, fields: 200, fieldSize: 1024 * 1024, parts: 205 },
  });
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
