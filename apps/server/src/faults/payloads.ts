import type { z } from 'zod';

/** One malformed request: how it is encoded and what it carries. */
export interface Malformed {
  label: string;
  contentType?: string;
  body: string | FormData;
}

const hostile: [string, unknown][] = [
  ['number', 12345],
  ['negative', -1],
  ['huge number', 1e308],
  ['boolean', true],
  ['null', null],
  ['array', [1, 'two', { three: 3 }]],
  ['object', { $gt: '' }],
  ['huge string', 'x'.repeat(200_000)],
  ['sql injection', "' OR '1'='1'; DROP TABLE users; --"],
  ['script', '<script>window.__pwned=1</script><img src=x onerror=alert(1)>'],
  ['path traversal', '../../../../etc/passwd'],
  ['nul byte', 'a\u0000b'],
  ['unicode', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢\u202e\uFFFF'],
  ['float id', 1.5],
  ['numeric string overflow', '99999999999999999999999'],
];

/** Field names of a method's body schema (object schemas only), so every field gets every hostile value. */
export function fieldsOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod?: { def?: { type?: string; shape?: Record<string, unknown>; in?: z.ZodType; innerType?: z.ZodType } } })._zod?.def;
  if (!def) return [];
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def.type === 'pipe' && def.in) return fieldsOf(def.in);
  if (def.innerType) return fieldsOf(def.innerType);
  return [];
}

/**
 * Malformed requests for one method. `deep` adds hostile values per field: each field gets three of them, rotating
 * through the list so that across the product every value meets every kind of field, and every value is also sent
 * in all fields at once. Callers the access check refuses get only the structural ones: their body is never read.
 */
export function malformedRequests(methodName: string, fields: string[], deep: boolean): Malformed[] {
  const m = methodName === 'default' ? {} : { method: methodName };
  const json = (label: string, value: unknown): Malformed => ({ label, contentType: 'application/json', body: JSON.stringify(value) });
  const out: Malformed[] = [
    { label: 'broken json', contentType: 'application/json', body: `{"method":"${methodName}",` },
    { label: 'json array', contentType: 'application/json', body: '[{"method":"list"}]' },
    { label: 'proto pollution', contentType: 'application/json', body: `{"method":"${methodName}","__proto__":{"isAdmin":true,"orgId":1}}` },
    { label: 'bad multipart boundary', contentType: 'multipart/form-data; boundary=zzz', body: '--yyy\r\nbroken' },
    { label: 'unknown content type', contentType: 'text/x-nonsense', body: 'hello' },
  ];
  if (!deep) return out;
  out.push(
    { label: 'json null', contentType: 'application/json', body: 'null' },
    { label: 'json string', contentType: 'application/json', body: '"list"' },
    { label: 'constructor pollution', contentType: 'application/json', body: `{"method":"${methodName}","constructor":{"prototype":{"isAdmin":true}}}` },
    { label: 'method as object', contentType: 'application/json', body: '{"method":{"toString":"list"}}' },
    { label: 'form arrays', contentType: 'application/x-www-form-urlencoded', body: `method=${methodName}&page[]=1&size=-5&id=1%27%20or%201%3D1` },
    json('empty', { ...m }),
  );
  const fd = new FormData();
  if (methodName !== 'default') fd.append('method', methodName);
  for (const f of fields) fd.append(f, new Blob([new Uint8Array([0x4d, 0x5a, 0, 1])]), '../../../etc/cron.d/evil.png');
  out.push({ label: 'multipart traversal files', body: fd });
  const own = fields.filter((x) => x !== 'method');
  own.forEach((f, i) => {
    for (let k = 0; k < 3; k++) {
      const [label, value] = hostile[(i * 3 + k + methodName.length) % hostile.length] ?? hostile[0]!;
      out.push(json(`${f}=${label}`, { ...m, [f]: value }));
    }
  });
  if (own.length) for (const [label, value] of hostile) out.push(json(`all fields ${label}`, { ...m, ...Object.fromEntries(own.map((f) => [f, value])) }));
  return out;
}
