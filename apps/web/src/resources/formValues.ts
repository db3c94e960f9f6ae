import { isWritable, md5, type ResourceDecl } from '@gx/contract';
import type { Body } from '../api/request';
import type { Row } from '../api/resource';
import { isBlank } from './formRules';

/** Between the declaration's wire values and the form's control values, in both directions. */

export type FormMode = 'add' | 'update';

/** Fields the form of this mode shows, in the declared layout order. */
export function formFields(decl: ResourceDecl, mode: FormMode): string[] {
  const out: string[] = [];
  for (const section of decl.form?.sections ?? []) {
    for (const name of section.fields) {
      const f = decl.fields[name];
      if (f && isWritable(f, mode) && !out.includes(name)) out.push(name);
    }
  }
  return out;
}

/** What the controls start with: declared defaults on add, the row's values on update. */
export function initialValues(decl: ResourceDecl, mode: FormMode, row?: Row): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of formFields(decl, mode)) {
    const f = decl.fields[name];
    if (!f) continue;
    const v = mode === 'update' && row ? row[name] : f.default;
    if (f.type === 'refMany') values[name] = Array.isArray(v) ? v : [];
    else if (f.type === 'boolean') values[name] = v === true || v === 1;
    else if (v !== null && v !== undefined) values[name] = v;
  }
  return values;
}

const hasIso = (v: unknown): v is { toISOString(): string } =>
  typeof v === 'object' && v !== null && typeof (v as { toISOString?: unknown }).toISOString === 'function';

/**
 * The request body of an add or update. Passwords go as the MD5 hex of what was typed (SPEC §5); on update a
 * cleared text becomes '' and a cleared reference null, so clearing is a change rather than "leave as is".
 */
export function toBody(decl: ResourceDecl, values: Record<string, unknown>, mode: FormMode, fields: readonly string[] = formFields(decl, mode)): Body {
  const body: Body = {};
  for (const name of fields) {
    const f = decl.fields[name];
    if (!f || f.type === 'json') continue;
    const v = values[name];
    switch (f.type) {
      case 'password':
        if (typeof v === 'string' && v !== '') body[name] = md5(v);
        break;
      case 'text': case 'textarea': case 'richtext': case 'image': case 'icon':
        if (!isBlank(v)) body[name] = String(v).trim();
        else if (mode === 'update') body[name] = '';
        break;
      case 'boolean':
        body[name] = v === true;
        break;
      case 'refMany':
        body[name] = Array.isArray(v) ? v : [];
        break;
      case 'ref':
        if (!isBlank(v)) body[name] = v;
        // A write-only reference (a permission group to merge in) is an instruction, not a value to clear.
        else if (mode === 'update' && !f.writeOnly) body[name] = null;
        break;
      case 'datetime':
        if (hasIso(v)) body[name] = v.toISOString();
        else if (typeof v === 'string' && v !== '') body[name] = v;
        break;
      default:
        if (!isBlank(v)) body[name] = v;
    }
  }
  return body;
}
