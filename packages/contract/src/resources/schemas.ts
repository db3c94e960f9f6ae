import { z } from 'zod';
import { pageQuery } from '../envelope';
import { md5 } from '../md5';
import { MD5_HEX_RE, passwordProblem, zTimeZone } from '../validators';
import { RULES } from './rules';
import { BULK_MAX, type FieldDecl, type ResourceDecl } from './types';
import { fieldEntries, isWritable, sortableFields } from './fields';

/**
 * Request schemas derived from a declaration, so the server validates exactly what the console's forms collect.
 * Every failure names its field and carries an i18n key as message. Bodies are closed: a field the declaration
 * does not know is refused by name (`validation.unknownField`), never silently dropped.
 */

/** How a field is being read: a new row, a partial change, a spreadsheet cell, or a list filter value. */
export type FieldMode = 'add' | 'update' | 'import' | 'filter';

const INT_MAX = 2_147_483_647;
const DEFAULT_TEXT_MAX: Record<string, number> = { text: 255, textarea: 2000, richtext: 200_000, image: 2048, icon: 64, password: 64 };

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const blankTo = (to: unknown) => (v: unknown) => (isBlank(v) ? to : v);

/** PostgreSQL text cannot hold NUL; refusing it here keeps a stray byte from becoming a server fault. */
const noNul = (v: string) => !v.includes('\u0000');

/** Free text in a filter or search box. */
export const zSearchText = (max: number) =>
  z.string({ error: 'validation.text' }).trim().max(max, 'validation.tooLong').refine(noNul, { message: 'validation.invalid' });

const numericString = (v: unknown, re: RegExp) => (typeof v === 'string' && re.test(v.trim()) ? Number(v.trim()) : v);

/** A positive int32 id; numeric strings accepted (form-encoded bodies), anything else refused. */
export const zRowId = z.preprocess(
  (v) => numericString(v, /^\d{1,10}$/),
  z.number({ error: 'validation.id' }).int('validation.id').positive('validation.id').max(INT_MAX, 'validation.id'),
);

/** Ids as an array or a comma-separated string (form-encoded); duplicates removed. */
export const zRowIds = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(zRowId).max(max, 'validation.tooMany').transform((ids) => [...new Set(ids)]),
  );

function textSchema(f: FieldDecl, mode: FieldMode): z.ZodType {
  const max = f.max ?? DEFAULT_TEXT_MAX[f.type] ?? 255;
  const rule = f.rule ? RULES[f.rule] : undefined;
  let s = z.string({ error: 'validation.text' }).trim().max(max, 'validation.tooLong');
  if (rule?.lowercase) s = s.toLowerCase();
  const required = f.required && mode !== 'filter';
  if (required) s = s.min(1, 'validation.required');
  const checked = s.refine(noNul, { message: 'validation.invalid' }).refine((v) => v === '' || ((f.min === undefined || v.length >= f.min) && (!rule || rule.re.test(v))), {
    message: rule?.message ?? 'validation.tooShort',
  });
  // Optional text may come as null from a form that was cleared; the column keeps '' for "none".
  return required ? checked : z.preprocess((v) => (v === null ? '' : v), checked);
}

function integerSchema(f: FieldDecl): z.ZodType<number> {
  return z.preprocess(
    (v) => numericString(v, /^-?\d{1,10}$/),
    z.number({ error: 'validation.integer' }).int('validation.integer')
      .min(f.min ?? -INT_MAX, 'validation.min').max(f.max ?? INT_MAX, 'validation.max'),
  );
}

function decimalSchema(f: FieldDecl): z.ZodType<number> {
  return z.preprocess(
    (v) => numericString(v, /^-?\d{1,12}(\.\d{1,4})?$/),
    z.number({ error: 'validation.number' }).min(f.min ?? -1e12, 'validation.min').max(f.max ?? 1e12, 'validation.max'),
  );
}

const TRUE = new Set<unknown>([true, 1, '1', 'true', 'on', 'yes']);
const FALSE = new Set<unknown>([false, 0, '0', 'false', 'off', 'no']);
const zBool = z.preprocess((v) => (TRUE.has(v) ? true : FALSE.has(v) ? false : v), z.boolean({ error: 'validation.boolean' }));

function selectSchema(f: FieldDecl): z.ZodType {
  const values = (f.options ?? []).map((o) => o.value);
  const numeric = values.every((v) => typeof v === 'number');
  const literal = z.literal(values as [string | number, ...(string | number)[]], { error: 'validation.option' });
  return numeric ? z.preprocess((v) => numericString(v, /^-?\d{1,10}$/), literal) : literal;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const zDate = z.preprocess(
  (v) => (typeof v === 'string' && DATE_RE.test(v.trim()) && !Number.isNaN(Date.parse(v.trim().replace(' ', 'T'))) ? new Date(v.trim().replace(' ', 'T')) : v),
  // On the wire a date is text (YYYY-MM-DD or ISO 8601); the meta says so in the API document.
  z.date({ error: 'validation.datetime' }).meta({ type: 'string', format: 'date-time' } as Record<string, unknown>),
);

const zImportPassword = z.string({ error: 'validation.text' }).superRefine((v, ctx) => {
  const problem = passwordProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}).transform((v) => md5(v));

const zMd5Password = z.string({ error: 'validation.passwordHash' }).regex(MD5_HEX_RE, 'validation.passwordHash').transform((v) => v.toLowerCase());

/** The schema of one field's value, before optionality. */
export function fieldValueSchema(f: FieldDecl, mode: FieldMode): z.ZodType {
  switch (f.type) {
    case 'text': case 'textarea': case 'richtext': case 'image': case 'icon':
      return textSchema(f, mode);
    case 'password':
      return mode === 'import' ? zImportPassword : zMd5Password;
    case 'integer':
      return integerSchema(f);
    case 'number':
      return decimalSchema(f);
    case 'boolean':
      return zBool;
    case 'select':
      return selectSchema(f);
    case 'ref':
      return zRowId;
    case 'refMany':
      return zRowIds(f.max ?? 1000);
    case 'datetime':
      return zDate;
    case 'json':
      return z.unknown();
  }
}

/**
 * A field inside an object schema. On add a required field must be present; an optional one may be blank (its
 * default applies). On update every field is optional, blank numbers mean "unchanged", and a blank reference
 * means "none" (null).
 */
export function fieldSchema(f: FieldDecl, mode: FieldMode): z.ZodType {
  const value = fieldValueSchema(f, mode);
  const isText = ['text', 'textarea', 'richtext', 'image', 'icon'].includes(f.type);
  if (isText) return mode === 'update' || mode === 'filter' || !f.required ? value.optional() : value;
  if (f.type === 'ref') {
    if (mode === 'filter') return z.preprocess(blankTo(undefined), value.optional());
    if (f.required && mode !== 'update') return z.preprocess(blankTo(undefined), value);
    return z.preprocess((v) => (isBlank(v) || v === 0 || v === '0' ? (v === undefined ? undefined : null) : v), value.nullable().optional());
  }
  if (f.type === 'refMany') return z.preprocess((v) => (v === null || v === '' ? [] : v), value.optional());
  const required = f.required && (mode === 'add' || mode === 'import');
  return z.preprocess(blankTo(undefined), required ? value : value.optional());
}

export const methodField = z.string().max(64).optional();

/**
 * A closed object: unknown keys are refused with their name as the failing field (a strict object would name
 * none). It stays an object schema, so tools reading its shape (the API document, the fuzzer) see every field.
 */
export function closedObject<S extends Record<string, z.ZodType>>(shape: S) {
  const known = new Set(Object.keys(shape));
  return z.looseObject(shape).superRefine((v, ctx) => {
    for (const k of Object.keys(v)) {
      if (!known.has(k)) ctx.addIssue({ code: 'custom', path: [k], message: 'validation.unknownField', input: v });
    }
  }).meta({ additionalProperties: false });
}

/** Fields a form of this mode sets, with their schemas. */
function writableShape(decl: ResourceDecl, mode: 'add' | 'update' | 'import', only?: readonly string[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of fieldEntries(decl)) {
    if (only ? !only.includes(name) : !isWritable(f, mode === 'import' ? 'add' : mode)) continue;
    shape[name] = fieldSchema(f, mode);
  }
  return shape;
}

/** Body fields a list call accepts besides paging and sort: the declared filters (`<f>`, or `<f>_from`/`<f>_to`). */
export function filterShape(decl: ResourceDecl): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const flt of decl.list.filters) {
    const f = decl.fields[flt.field];
    if (!f) continue;
    if (flt.kind === 'range') {
      const v = f.type === 'datetime' ? zDate : f.type === 'number' ? decimalSchema(f) : integerSchema(f);
      shape[`${flt.field}_from`] = z.preprocess(blankTo(undefined), v.optional());
      shape[`${flt.field}_to`] = z.preprocess(blankTo(undefined), v.optional());
    } else if (flt.kind === 'prefix') {
      shape[flt.field] = zSearchText(f.max ?? 255).optional();
    } else if (flt.kind === 'tag') {
      shape[flt.field] = zSearchText(64).optional();
    } else {
      shape[flt.field] = z.preprocess(blankTo(undefined), fieldValueSchema(f, 'filter').optional());
    }
  }
  if (decl.list.keyword) shape.keyword = zSearchText(64).optional();
  return shape;
}

function sortShape(decl: ResourceDecl): Record<string, z.ZodType> {
  const sortable = sortableFields(decl);
  return {
    sort: z.enum(sortable as [string, ...string[]], { error: 'validation.sort' }).optional(),
    order: z.enum(['asc', 'desc'], { error: 'validation.sortOrder' }).optional(),
  };
}

const idOrIds = (shape: Record<string, z.ZodType>, placement: 'row' | 'bulk' | 'both') =>
  closedObject({
    method: methodField,
    ...(placement !== 'bulk' ? { id: zRowId.optional() } : {}),
    ...(placement !== 'row' ? { ids: zRowIds(BULK_MAX).optional() } : {}),
    ...shape,
  }).superRefine((v, ctx) => {
    const o = v as { id?: number; ids?: number[] };
    if (o.id === undefined && !o.ids?.length) ctx.addIssue({ code: 'custom', path: [placement === 'bulk' ? 'ids' : 'id'], message: 'validation.idOrIds' });
    if (o.id !== undefined && o.ids?.length) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.idOrIds' });
  });

export const exportFormats = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** Every request schema of a resource's endpoint family. */
export function resourceSchemas(decl: ResourceDecl) {
  const actions = Object.fromEntries((decl.actions ?? []).map((a) => {
    const shape = a.fields ? writableShape(decl, 'add', a.fields) : {};
    // One form for every selected row where the action is declared for several (a moderation reason).
    return [a.name, idOrIds(shape, a.placement)];
  }));
  return {
    list: closedObject({ method: methodField, ...pageQuery.shape, ...sortShape(decl), ...filterShape(decl) }),
    tree: closedObject({ method: methodField }),
    detail: closedObject({ method: methodField, id: zRowId }),
    add: closedObject({ method: methodField, ...writableShape(decl, 'add') }),
    update: closedObject({ method: methodField, id: zRowId, ...writableShape(decl, 'update') }),
    /** `confirm: true` removes a row others hold where its declaration says to ask (`usedBy`). */
    remove: idOrIds({ confirm: zBool.optional() }, 'both'),
    select: closedObject({
      method: methodField,
      keyword: zSearchText(64).optional(),
      ids: zRowIds(BULK_MAX).optional(),
    }),
    export: closedObject({
      method: methodField,
      format: z.enum(exportFormats, { error: 'validation.exportFormat' }).default('xlsx'),
      /** The reader's time zone: times are written as the list shows them there (UTC when not given). */
      tz: zTimeZone.optional(),
      /**
       * `true`: the answer is the file itself (Content-Disposition: attachment), streamed, any number of rows — for
       * lists past EXPORT_MAX_ROWS. Otherwise the envelope carries it (`ExportAnswer`).
       */
      stream: zBool.optional(),
      ...sortShape(decl),
      ...filterShape(decl),
    }),
    /** One spreadsheet row: cells arrive as text and are read like the add form (passwords in clear, hashed here). */
    importRow: z.object(writableShape(decl, 'import', decl.io?.import ?? [])),
    actions,
  };
}

export type ResourceSchemas = ReturnType<typeof resourceSchemas>;
