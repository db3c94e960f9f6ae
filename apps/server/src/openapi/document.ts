import { z } from 'zod';
import { READ_ONLY_METHODS, codeMessages, type ResourceDecl } from '@gx/contract';
import type { EndpointSpec } from '../http/endpoint';
import { rowSchema } from './rowSchema';

/**
 * The OpenAPI 3.1 document of the /v3 API, generated from the same zod schemas the server validates with and
 * from the resource declarations, so it cannot drift from what the server does. Every path is one POST whose
 * body field `method` selects an operation; each operation is a variant of the request body (`oneOf`, keyed by
 * `method`) carrying its permission key as `x-access`.
 */

type Json = Record<string, unknown>;

function bodySchema(schema: z.ZodType): Json {
  try {
    const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
    delete out.$schema;
    return out;
  } catch {
    return { type: 'object' };
  }
}

const ACCESS_TEXT: Record<string, string> = {
  public: 'Anyone, signed in or not.',
  user: 'Any signed-in user.',
};

function accessText(access: string): string {
  return ACCESS_TEXT[access] ?? `Requires the permission key \`${access}\` (platform administrators hold every key).`;
}

/** What a generic resource method answers in `data`. */
function answerOf(decl: ResourceDecl | undefined, method: string): Json | undefined {
  if (!decl) return undefined;
  const row = { $ref: `#/components/schemas/${decl.key}` };
  switch (method) {
    case 'list': return { $ref: '#/components/schemas/Page', properties: { list: { type: 'array', items: row } } };
    case 'detail': case 'add': case 'update': return row;
    case 'tree': return { type: 'array', items: row };
    case 'select': return { $ref: '#/components/schemas/PickerAnswer' };
    case 'export': return { $ref: '#/components/schemas/ExportFile' };
    case 'import': return { type: 'object', properties: { imported: { type: 'integer' } } };
    default: return undefined;
  }
}

/** One operation of a path; `op` is the generic operation it serves (an alias path's default is its last segment). */
function variant(path: string, name: string, m: EndpointSpec['methods'][string], decl: ResourceDecl | undefined, op: string): Json {
  const schema = bodySchema(m.body);
  const props = { ...((schema.properties as Json | undefined) ?? {}) };
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  if (name !== 'default') {
    props.method = { const: name };
    required.add('method');
  }
  const example = op === 'add' && decl?.example ? { ...(name === 'default' ? {} : { method: 'add' }), ...decl.example } : undefined;
  const readOnly = m.readOnly ?? READ_ONLY_METHODS.includes(op);
  const answer = answerOf(decl, op);
  return {
    ...schema,
    title: name === 'default' ? path : `${path}#${name}`,
    description: [accessText(m.access), readOnly ? 'Read-only.' : 'Changes data: runs in one transaction and is written to the operation log.'].join(' '),
    properties: props,
    required: [...required],
    'x-method': name,
    'x-access': m.access,
    'x-read-only': readOnly,
    ...(answer ? { 'x-answer': answer } : {}),
    ...(example ? { examples: [example] } : {}),
  };
}

function tagOf(path: string): string {
  const parts = path.split('/').filter(Boolean);
  return parts.length >= 2 ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '/');
}

export function openApiDocument(endpoints: EndpointSpec[], decls: readonly ResourceDecl[], version: string): Json {
  const byPath = new Map<string, ResourceDecl>();
  for (const d of decls) byPath.set(d.path, d);
  const paths: Json = {};
  for (const e of [...endpoints].sort((a, b) => a.path.localeCompare(b.path))) {
    const aliasOp = byPath.has(e.path) ? undefined : /\/(list|add|update|remove)$/.exec(e.path)?.[1];
    const decl = byPath.get(e.path) ?? (aliasOp ? byPath.get(e.path.slice(0, -aliasOp.length - 1)) : undefined);
    const variants = Object.entries(e.methods).map(([name, m]) => variant(e.path, name, m, decl, name === 'default' && aliasOp ? aliasOp : name));
    const body = variants.length === 1 ? variants[0]! : { oneOf: variants, discriminator: { propertyName: 'method' } };
    const multipart = Object.keys(e.methods).includes('import') || /upload|form/.test(Object.keys(e.methods).join(','));
    paths[`/v3${e.path}`] = {
      post: {
        operationId: e.path.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '_'),
        tags: [tagOf(e.path)],
        summary: decl ? `${decl.title.en} · ${decl.title.zh_CN}` : e.path,
        description: `Methods: ${Object.keys(e.methods).map((n) => `\`${n}\``).join(', ')}.`,
        requestBody: {
          required: false,
          content: {
            'application/json': { schema: body },
            'application/x-www-form-urlencoded': { schema: body },
            ...(multipart ? { 'multipart/form-data': { schema: body } } : {}),
          },
        },
        responses: { 200: { description: 'Every outcome: see `code`.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } } },
        security: Object.values(e.methods).every((m) => m.access === 'public') ? [] : [{ bearer: [] }],
      },
    };
  }
  const schemas: Json = {
    Envelope: {
      type: 'object',
      required: ['code', 'msg'],
      properties: {
        code: { type: 'integer', enum: Object.keys(codeMessages).map(Number), description: Object.entries(codeMessages).map(([c, m]) => `${c}: ${m.en}`).join('; ') },
        msg: { type: 'string' },
        method: { type: 'string' },
        data: {},
        field: { type: 'string', description: 'The failing request field on validation failures (dotted path).' },
        requestId: { type: 'string' },
      },
    },
    Page: {
      type: 'object',
      required: ['list', 'total', 'page', 'size'],
      properties: { list: { type: 'array', items: {} }, total: { type: 'integer' }, page: { type: 'integer' }, size: { type: 'integer' } },
    },
    PickerAnswer: {
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'object', properties: { value: { type: 'integer' }, label: { type: 'string' }, parent: { type: ['integer', 'null'] } } } },
        more: { type: 'boolean', description: 'More matches exist than shown: ask the user to refine.' },
        limit: { type: 'integer' },
      },
    },
    ExportFile: {
      type: 'object',
      properties: { filename: { type: 'string' }, mimetype: { type: 'string' }, content: { type: 'string', contentEncoding: 'base64' }, rows: { type: 'integer' } },
    },
  };
  for (const d of decls) schemas[d.key] = rowSchema(d);
  return {
    openapi: '3.1.0',
    info: {
      title: 'GX console API',
      version,
      description: 'Every call is `POST /v3/<path>` answering HTTP 200 with `{code, msg, method?, data?}`; `code: 200` is success. '
        + 'Where a path has several operations the body field `method` selects one. Lists take `page` (from 1) and `size` (≤ 100) '
        + 'and answer `data: {list, total, page, size}`. Send `Authorization: Bearer <token>` from the login call.',
    },
    servers: [{ url: '/' }],
    paths,
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
}
