import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindingsByArea } from '../modules/bindings.generated';
import { engines, startTestApp, type TestApp } from '../testing/testApp';
import { resourceEndpoints } from './endpoint';

/** The top-level keys of a method's body, where it is an object (a union's members each count). */
function bodyKeys(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) return (schema.options as z.ZodType[]).flatMap(bodyKeys);
  if (schema instanceof z.ZodPipe) return bodyKeys(schema.in as z.ZodType);
  return [];
}

/**
 * Every method of every resource, generic or hand-written, names each of its body's fields in both languages, so a
 * refusal reads "Comment: please fill in …", never "… (body)" (issue 18 point 4).
 */
describe('field labels of resource methods', () => {
  it('label every body field of every method', () => {
    const missing: string[] = [];
    for (const b of Object.values(bindingsByArea).flat()) {
      for (const endpoint of resourceEndpoints(b)) {
        for (const [name, spec] of Object.entries(endpoint.methods)) {
          for (const key of bodyKeys(spec.body)) {
            if (key === 'method') continue;
            const label = spec.fieldLabels?.[key];
            if (!label?.en || !label.zh_CN) missing.push(`${b.decl.key}.${name}: ${key}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe.each(engines)('a hand-written method\'s refusal names its field (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
  });
  afterAll(async () => t.close());

  it('in the request language', async () => {
    for (const [lang, label] of [['en', 'Comment: '], ['zh_CN', '评论：']] as const) {
      const r = await t.post('/admin/business/work_order', { method: 'comment', id: 1, body: '' }, { token: admin, headers: { 'accept-language': lang } });
      expect(r.code).toBe(1001);
      expect(r.msg.startsWith(label), r.msg).toBe(true);
      expect(r.msg).not.toMatch(/\(body\)/);
    }
  });
});
