import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Code } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../testing/testApp';
import { method, type EndpointSpec } from './endpoint';
import { zFile } from './body';
import { sql } from 'drizzle-orm';

/** Probe endpoints exercising the HTTP layer the real endpoints share. */
const probes: EndpointSpec[] = [
  {
    path: '/test/probe',
    methods: {
      echo: method({
        access: 'public',
        body: z.object({ name: z.string().min(1).max(10), age: z.coerce.number().int().min(0) }),
        readOnly: true,
        handler: async (_ctx, input) => input,
      }),
      boom: method({
        access: 'public',
        body: z.object({}).passthrough(),
        readOnly: true,
        handler: async () => {
          throw new Error('secret internal detail at /srv/app.ts:42');
        },
      }),
      upload: method({
        access: 'public',
        body: z.object({ title: z.string(), file: zFile }),
        readOnly: true,
        handler: async (_ctx, input) => ({ title: input.title, filename: input.file.filename, size: input.file.data.length }),
      }),
      write: method({
        access: 'user',
        body: z.object({ value: z.string().max(20) }),
        async handler(ctx, input) {
          await ctx.db.execute(sql`create table if not exists probe_rows (v text)`);
          await ctx.db.execute(sql`insert into probe_rows values (${input.value})`);
          if (input.value === 'fail-after-write') throw new Error('failure after the write');
          return null;
        },
      }),
      guarded: method({ access: 'test.probe.guarded', body: z.object({}), readOnly: true, handler: async () => 'ok' }),
    },
  },
];

describe.each(engines)('bad input never gets a 5xx or a stack (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ engine, extraEndpoints: probes }); });
  afterAll(async () => t.close());

  const raw = (path: string, init: RequestInit) => fetch(`${t.url}${path}`, init);
  const codeOf = async (res: Response) => ((await res.json()) as { code: number }).code;

  it('malformed JSON answers the validation code', async () => {
    const res = await raw('/v3/test/probe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"method": "echo", ' });
    expect(res.status).toBe(200);
    expect(await codeOf(res)).toBe(Code.VALIDATION);
  });

  it('a wrong content type answers the unsupported-media code', async () => {
    const res = await raw('/v3/test/probe', { method: 'POST', headers: { 'content-type': 'application/x-weird' }, body: 'x' });
    expect(await codeOf(res)).toBe(Code.UNSUPPORTED_MEDIA_TYPE);
  });

  it('an oversized body answers the too-large code', async () => {
    const res = await raw('/v3/test/probe', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'echo', name: 'x'.repeat(t.config.bodyLimit) }),
    });
    expect(await codeOf(res)).toBe(Code.PAYLOAD_TOO_LARGE);
  });

  it('an unknown path and a wrong HTTP verb answer the unknown-endpoint code', async () => {
    const a = await raw('/v3/no/such/thing', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(a.status).toBe(200);
    expect(await codeOf(a)).toBe(Code.UNKNOWN_ENDPOINT);
    const b = await raw('/v3/admin/index/login', { method: 'GET' });
    expect(b.status).toBeLessThan(500);
    expect(await codeOf(b)).toBe(Code.UNKNOWN_ENDPOINT);
    const c = await raw('/v3/admin/index/login', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await codeOf(c)).toBe(Code.UNKNOWN_ENDPOINT);
  });

  it('an unknown method names the method field', async () => {
    const r = await t.post('/test/probe', { method: 'nope' });
    expect(r).toMatchObject({ code: Code.UNKNOWN_METHOD, field: 'method' });
  });

  it('a missing or mistyped field answers the validation code naming the field', async () => {
    expect(await t.post('/test/probe', { method: 'echo', age: 3 })).toMatchObject({ code: Code.VALIDATION, field: 'name' });
    expect(await t.post('/test/probe', { method: 'echo', name: 'ok', age: 'old' })).toMatchObject({ code: Code.VALIDATION, field: 'age' });
    expect(await t.post('/test/probe', { method: 'echo', name: 'far too long a name', age: 1 })).toMatchObject({ code: Code.VALIDATION, field: 'name' });
    expect(await t.post('/admin/index/login', { password: 'x' })).toMatchObject({ code: Code.VALIDATION });
  });

  it('answers in the request language', async () => {
    const en = await t.post('/test/probe', { method: 'echo', age: 3 }, { headers: { 'accept-language': 'en' } });
    const zh = await t.post('/test/probe', { method: 'echo', age: 3 }, { headers: { 'accept-language': 'zh-CN' } });
    expect(en.msg).toMatch(/name/);
    expect(en.msg).not.toBe(zh.msg);
  });

  it('a non-object JSON body is refused', async () => {
    expect((await t.post('/test/probe', '[1,2,3]')).code).toBe(Code.VALIDATION);
    expect((await t.post('/test/probe', '"text"')).code).toBe(Code.VALIDATION);
  });

  it('prototype-pollution keys are refused', async () => {
    const r = await t.post('/test/probe', '{"method":"echo","name":"a","age":1,"__proto__":{"admin":true}}');
    expect(r.code).toBe(Code.VALIDATION);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('an unexpected fault answers a generic message with a request id and no stack', async () => {
    const res = await raw('/v3/test/probe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"method":"boom"}' });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toContain('.ts:');
    const body = JSON.parse(text);
    expect(body.code).toBe(Code.INTERNAL);
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('multipart bodies arrive as plain fields and buffered files; paths in file names are dropped', async () => {
    const form = new FormData();
    form.append('method', 'upload');
    form.append('title', 'hello');
    form.append('file', new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'application/octet-stream' }), '../../etc/passwd');
    const r = await (await raw('/v3/test/probe', { method: 'POST', body: form })).json();
    expect(r).toMatchObject({ code: 200, data: { title: 'hello', filename: 'passwd', size: 4 } });
  });

  it('a permission-guarded method refuses anonymous callers with 1002', async () => {
    expect((await t.post('/test/probe', { method: 'guarded' })).code).toBe(Code.NOT_LOGGED_IN);
    const token = await t.login();
    expect((await t.post('/test/probe', { method: 'guarded' }, { token })).data).toBe('ok');
  });

  it('a change that fails after writing leaves nothing behind', async () => {
    const token = await t.login();
    expect((await t.post('/test/probe', { method: 'write', value: 'kept' }, { token })).code).toBe(200);
    expect((await t.post('/test/probe', { method: 'write', value: 'fail-after-write' }, { token })).code).toBe(Code.INTERNAL);
    const rows = await t.database.db.execute(sql`select v from probe_rows order by v`);
    const values = (rows as unknown as { rows: { v: string }[] }).rows.map((r) => r.v);
    expect(values).toEqual(['kept']);
  });

  it('GET /healthz answers 200 when the database is reachable', async () => {
    const res = await raw('/healthz', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });
});
