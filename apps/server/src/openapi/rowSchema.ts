import { readableFields, type FieldDecl, type ResourceDecl } from '@gx/contract';

/** JSON Schema of a row as a list or detail answers it, from the declaration's readable fields. */
function fieldSchema(f: FieldDecl): Record<string, unknown> {
  const base: Record<string, unknown> = { title: f.label.en, description: f.label.zh_CN };
  switch (f.type) {
    case 'integer': case 'ref': return { ...base, type: ['integer', 'null'] };
    case 'number': return { ...base, type: ['number', 'null'] };
    case 'boolean': return { ...base, type: 'boolean' };
    case 'refMany': return { ...base, type: 'array', items: { type: 'integer' } };
    case 'datetime': return { ...base, type: ['string', 'null'], format: 'date-time' };
    case 'select': return { ...base, enum: (f.options ?? []).map((o) => o.value) };
    case 'json': return base;
    default: return { ...base, type: 'string' };
  }
}

export function rowSchema(decl: ResourceDecl): Record<string, unknown> {
  const properties: Record<string, unknown> = { id: { type: 'integer' } };
  for (const name of readableFields(decl)) properties[name] = fieldSchema(decl.fields[name]!);
  return { type: 'object', title: `${decl.title.en} row`, properties, required: ['id'] };
}
