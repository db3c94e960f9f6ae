import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeEndpoints } from '../http/endpoint';
import { allEndpoints } from '../modules/areas';
import { startTestApp, type TestApp } from '../testing/testApp';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reading a JSON document

/** The API is published as OpenAPI, generated from the schemas the server validates with (issue 4 "Bad input"). */
describe('OpenAPI document and docs page', () => {
  let t: TestApp;
  let doc: Json;
  const variants = (path: string): Json[] => {
    const schema = doc.paths[`/v3${path}`].post.requestBody.content['application/json'].schema;
    return schema.oneOf ?? [schema];
  };
  const variant = (path: string, method: string) => variants(path).find((v) => v['x-method'] === method)!;

  beforeAll(async () => {
    t = await startTestApp();
    const res = await fetch(`${t.url}/v3/openapi.json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as Json;
  });
  afterAll(async () => t.close());

  it('describes every endpoint and every method the server registers', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const e of mergeEndpoints(allEndpoints)) {
      expect(doc.paths[`/v3${e.path}`], e.path).toBeDefined();
      expect(variants(e.path).map((v) => v['x-method']).sort()).toEqual(Object.keys(e.methods).sort());
    }
  });

  it('carries each method\'s permission key and the declaration\'s rules', () => {
    const add = variant('/admin/system/user', 'add');
    expect(add['x-access']).toBe('system.user.add');
    expect(add.required).toEqual(expect.arrayContaining(['method', 'username', 'password']));
    expect(add.additionalProperties).toBe(false);
    expect(add.properties.username.maxLength).toBe(64);
    expect(add.examples[0]).toMatchObject({ method: 'add', username: 'example_user' });
    const list = variant('/admin/system/user', 'list');
    expect(list.properties.size.maximum).toBe(100);
    expect(list.properties.sort.enum).toEqual(expect.arrayContaining(['id', 'username', 'created_at']));
    expect(list['x-answer']).toBeDefined();
    expect(variant('/admin/index/login', 'default')['x-access']).toBe('public');
  });

  it('describes resource rows without their secrets', () => {
    const row = doc.components.schemas['system.user'];
    expect(Object.keys(row.properties)).toEqual(expect.arrayContaining(['id', 'username', 'role_ids', 'status']));
    expect(row.properties.password).toBeUndefined();
  });

  it('serves a self-contained browsable page with a strict content-security policy', async () => {
    const res = await fetch(`${t.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[^']+'/);
    const html = await res.text();
    expect(html).toContain('/v3/openapi.json');
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=["']?https?:/);
  });
});
