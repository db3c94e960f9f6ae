import { and, eq, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  closedObject, Code, EXPORT_MAX_ROWS, PICKER_LIMIT, permissionKey, resourceSchemas, statusOptions, STATUS_ENABLED,
  type BatchResult, type Label, type Page, type PickerAnswer, type PickerOption, type ResourceDecl, type ResourceSchemas,
} from '@gx/contract';
import type { Executor } from '../db/client';
import type { RequestContext } from '../http/context';
import { method, type EndpointSpec, type MethodSpec } from '../http/endpoint';
import { AppError } from '../http/errors';
import { zFile } from '../http/body';
import { columnOf, countRows, filterConditions, orderBy, prefixMatch, whereOf } from './query';
import { finishRows, rowsByIds, selection } from './rows';
import { accessScope, referenceScope } from './scope';
import { markDenied } from './allowedActions';
import { eachRow } from './batch';
import { addRow, assertActionFields, loadOne, removeRow, runAction, transitionRow, updateRow } from './write';
import { buildExport, exportCells, exportColumns, exportFilename, exportHeader } from './spreadsheet/exportRows';
import { MIME } from './spreadsheet/format';
import { sheetStream } from './spreadsheet/sheetStream';
import { FileReply } from '../http/fileReply';
import { pickerLabelOf, referenceLabels } from './referenceLabels';
import { importFile } from './spreadsheet/importRows';
import type { Input, ResourceServer, WireRow } from './types';

/**
 * The endpoint family of a resource, generated from its declaration: list (paging, filters, sort), detail, add,
 * update, remove, the declared state and custom actions, tree, picker options, import and export. Each method is
 * guarded by its permission key (`<resource key>.<operation>`), validated by the schema derived from the
 * declaration, scoped to the caller's organisation, transactional when it writes, and operation-logged.
 */

/**
 * A resource's request schemas, built the first time one of its methods is called (or the OpenAPI document is asked
 * for), not at start: the methods read them through a getter. Building every resource's zod schemas was ~0.2 s of a
 * server start's 1.6 s on the main thread, and a server answers calls for few of its ~100 resources soon after it
 * starts.
 */
const schemaCache = new WeakMap<ResourceDecl, ResourceSchemas>();
export function schemasOf(decl: ResourceDecl): ResourceSchemas {
  let s = schemaCache.get(decl);
  if (!s) {
    s = resourceSchemas(decl);
    schemaCache.set(decl, s);
  }
  return s;
}

export type { PickerAnswer, PickerOption };

/** A call naming `ids` acts row by row and answers per row; one naming `id` succeeds or fails whole. */
const isBatch = (input: Input): boolean => Array.isArray(input.ids) && input.ids.length > 0;
const ids = (input: Input): number[] => (Array.isArray(input.ids) && input.ids.length ? (input.ids as number[]) : [input.id as number]);

function listMethod(b: ResourceServer): MethodSpec {
  return method({
    access: permissionKey(b.decl, 'list'),
    get body() { return schemasOf(b.decl).list; },
    async handler(ctx, raw): Promise<Page<WireRow>> {
      const input = raw as Input;
      const page = input.page as number;
      const size = input.size as number;
      const where = whereOf(accessScope(ctx, b), filterConditions(b, input));
      const found = await ctx.db.select(selection(b, ctx)).from(b.table).where(where).orderBy(...orderBy(b, input)).limit(size).offset((page - 1) * size);
      const total = await countRows(ctx.db, b, where);
      const rows = await finishRows(ctx, ctx.db, b, found as Record<string, unknown>[]);
      return { list: await markDenied(ctx, b, rows), total, page, size };
    },
  });
}

function detailMethod(b: ResourceServer): MethodSpec {
  return method({
    access: permissionKey(b.decl, 'detail'),
    get body() { return schemasOf(b.decl).detail; },
    handler: (ctx, input) => loadOne(ctx, ctx.db, b, (input as Input).id as number, accessScope(ctx, b)),
  });
}

function addMethod(b: ResourceServer): MethodSpec {
  return method({
    access: permissionKey(b.decl, 'add'),
    get body() { return schemasOf(b.decl).add; },
    async handler(ctx, raw) {
      const scope = accessScope(ctx, b);
      const id = await addRow(ctx, ctx.db, b, raw as Input);
      const after = await loadOne(ctx, ctx.db, b, id, scope);
      await ctx.audit(ctx.db, { target: id, after });
      return b.hooks.addAnswer ? { ...after, ...b.hooks.addAnswer(ctx, id, raw as Input) } : after;
    },
  });
}

function updateMethod(b: ResourceServer): MethodSpec {
  return method({
    access: permissionKey(b.decl, 'update'),
    get body() { return schemasOf(b.decl).update; },
    async handler(ctx, raw) {
      const input = raw as Input;
      const { after } = await updateRow(ctx, ctx.db, b, input.id as number, input, accessScope(ctx, b));
      return after;
    },
  });
}

function removeMethod(b: ResourceServer): MethodSpec {
  return method({
    access: permissionKey(b.decl, 'remove'),
    get body() { return schemasOf(b.decl).remove; },
    async handler(ctx, raw) {
      const input = raw as Input;
      const scope = accessScope(ctx, b);
      const confirmed = input.confirm === true;
      if (!isBatch(input)) {
        await removeRow(ctx, ctx.db, b, input.id as number, scope, confirmed);
        return { removed: 1 };
      }
      const result = await eachRow(ctx, ids(input), (exec, id) => removeRow(ctx, exec, b, id, scope, confirmed));
      return { removed: result.done.length, ...result };
    },
  });
}

function actionMethod(b: ResourceServer, name: string, isTransition: boolean): MethodSpec {
  return method({
    access: permissionKey(b.decl, name),
    get body() { return schemasOf(b.decl).actions[name] ?? z.never(); },
    async handler(ctx, raw) {
      const input = raw as Input;
      const scope = accessScope(ctx, b);
      const one = async (exec: Executor, id: number) => (isTransition ? void await transitionRow(ctx, exec, b, id, name, scope, input) : runAction(ctx, exec, b, id, name, input, scope));
      if (!isBatch(input)) {
        // An action may add to its answer (a device's new secret, shown once), or take the row away (unbind).
        const answered = await one(ctx.db, input.id as number);
        if (answered?.gone) return { id: input.id, ...answered.answer };
        return { ...(await loadOne(ctx, ctx.db, b, input.id as number, scope)), ...(answered?.answer ?? {}) };
      }
      // One form for all the rows: a missing field refuses the call whole rather than every row alike. (For one
      // row it is checked once the row is found in scope, so another organisation's row answers 1006 first.)
      if (isTransition) assertActionFields(b.decl.actions?.find((a) => a.name === name), input);
      const result: BatchResult = await eachRow(ctx, ids(input), one);
      return { updated: result.done.length, ...result };
    },
  });
}

/** Everything in scope as a tree (menus, departments); bounded, because trees are small by nature. */
const TREE_MAX = 5000;
function treeMethod(b: ResourceServer, parentField: string): MethodSpec {
  return method({
    access: permissionKey(b.decl, 'tree'),
    get body() { return schemasOf(b.decl).tree; },
    readOnly: true,
    async handler(ctx) {
      const found = await ctx.db.select(selection(b, ctx)).from(b.table).where(accessScope(ctx, b)).orderBy(...orderBy(b, {})).limit(TREE_MAX);
      const rows = await markDenied(ctx, b, await finishRows(ctx, ctx.db, b, found as Record<string, unknown>[]));
      type Node = WireRow & { children: Node[] };
      const nodes = new Map<number, Node>(rows.map((r) => [r.id as number, { ...r, children: [] }]));
      const roots: Node[] = [];
      for (const n of nodes.values()) {
        const parent = nodes.get(n[parentField] as number);
        if (parent && parent !== n) parent.children.push(n);
        else roots.push(n);
      }
      return roots;
    },
  });
}

/**
 * Picker options: the first PICKER_LIMIT rows matching the typed prefix (SPEC §5: pickers show the first 50 with a
 * hint to refine), or the labels of given ids (a form showing its current values). New choices are enabled rows.
 */
function selectMethod(b: ResourceServer): MethodSpec {
  const picker = b.decl.picker;
  return method({
    access: picker?.open ? 'user' : permissionKey(b.decl, 'list'),
    get body() { return schemasOf(b.decl).select; },
    async handler(ctx, raw): Promise<PickerAnswer> {
      const input = raw as Input;
      const scope = picker?.open ? referenceScope(ctx, b) : accessScope(ctx, b);
      const parentField = b.decl.list.tree?.parentField;
      const toOption = (r: WireRow): PickerOption => ({
        value: r.id as number, label: pickerLabelOf(b, r), ...(parentField ? { parent: (r[parentField] as number | null) ?? null } : {}),
      });
      if (Array.isArray(input.ids) && input.ids.length) {
        const rows = await rowsByIds(ctx, ctx.db, b, input.ids as number[], scope);
        return { list: rows.map(toOption), more: false, limit: PICKER_LIMIT };
      }
      const conditions: (SQL | undefined)[] = [scope];
      const keyword = typeof input.keyword === 'string' ? input.keyword : '';
      if (keyword && picker) conditions.push(or(...picker.search.map((f) => prefixMatch(columnOf(b, f), keyword))));
      if (b.columns.status && b.decl.fields.status?.options === statusOptions) conditions.push(eq(columnOf(b, 'status'), STATUS_ENABLED));
      const found = await ctx.db.select(selection(b, ctx)).from(b.table).where(and(...conditions)).orderBy(...orderBy(b, {})).limit(PICKER_LIMIT + 1);
      const rows = await finishRows(ctx, ctx.db, b, found as Record<string, unknown>[]);
      return { list: rows.slice(0, PICKER_LIMIT).map(toOption), more: rows.length > PICKER_LIMIT, limit: PICKER_LIMIT };
    },
  });
}

/**
 * Export, filtered and sorted like the list the user is looking at. By default the file comes inside the envelope
 * (base64, at most EXPORT_MAX_ROWS rows); with `stream: true` it comes as the answer itself, any number of rows, read
 * and written EXPORT_BATCH rows at a time so the server never holds the whole list.
 */
function exportMethod(b: ResourceServer): MethodSpec {
  return method({
    access: permissionKey(b.decl, 'export'),
    get body() { return schemasOf(b.decl).export; },
    async handler(ctx, raw) {
      const input = raw as Input;
      const where = whereOf(accessScope(ctx, b), filterConditions(b, input));
      const format = input.format === 'csv' ? 'csv' : 'xlsx';
      const tz = typeof input.tz === 'string' ? input.tz : 'UTC';
      const readable = async (found: Record<string, unknown>[]) => {
        const rows = await finishRows(ctx, ctx.db, b, found);
        const refs = await referenceLabels(ctx, ctx.db, b, exportColumns(b.decl), rows);
        const reading = { lang: ctx.lang, tz, refs };
        await b.hooks.readableCells?.(ctx, rows, reading);
        return { rows, reading };
      };
      const query = () => ctx.db.select(selection(b, ctx)).from(b.table).where(where).orderBy(...orderBy(b, input));
      if (input.stream === true) {
        // Pages by offset under the list's own order (its last key is the id, so pages neither overlap nor skip
        // while nothing changes); no transaction is held open while a slow reader downloads.
        async function* batches() {
          for (let offset = 0; ; offset += EXPORT_BATCH) {
            const found = await query().limit(EXPORT_BATCH).offset(offset);
            if (found.length === 0) return;
            const { rows, reading } = await readable(found as Record<string, unknown>[]);
            yield exportCells(b.decl, rows, reading);
            if (found.length < EXPORT_BATCH) return;
          }
        }
        const name = exportFilename(b.decl, format, tz, ctx.services.now());
        return new FileReply(name, MIME[format], sheetStream(format, b.decl.title[ctx.lang], exportHeader(b.decl, ctx.lang), batches()));
      }
      const found = await query().limit(EXPORT_MAX_ROWS + 1);
      if (found.length > EXPORT_MAX_ROWS) throw new AppError(Code.VALIDATION, 'validation.exportTooMany', '(filter)');
      const { rows, reading } = await readable(found as Record<string, unknown>[]);
      return buildExport(b.decl, rows, format, reading, ctx.services.now());
    },
  });
}

/** Rows read, made readable and written per step of a streamed export. */
export const EXPORT_BATCH = 2_000;

/** One file per call, multipart field `file` (a repeated field arrives as an array and is refused); nothing else. */
const importBody = closedObject({
  method: z.literal('import'),
  file: z.preprocess((v) => {
    if (Array.isArray(v)) throw new AppError(Code.VALIDATION, 'validation.importOneFile', 'file');
    return v;
  }, zFile),
});

function importMethod(b: ResourceServer): MethodSpec {
  return method({
    access: permissionKey(b.decl, 'import'),
    body: importBody,
    handler: (ctx: RequestContext, input) => {
      accessScope(ctx, b);
      return importFile(ctx, ctx.db as Executor, b, input.file);
    },
  });
}

/**
 * Labels of request fields that are no field of a declaration but recur across methods (paging, a time window, an
 * uploaded file, the rows a call names), so a refusal names them in the user's language rather than by wire name.
 */
export const COMMON_FIELD_LABELS: Readonly<Record<string, Label>> = {
  file: { zh_CN: '文件', en: 'File' },
  tz: { zh_CN: '时区', en: 'Time zone' },
  stream: { zh_CN: '流式下载', en: 'Streamed download' },
  page: { zh_CN: '页码', en: 'Page' },
  size: { zh_CN: '每页条数', en: 'Page size' },
  ids: { zh_CN: '所选记录', en: 'Selected records' },
  from: { zh_CN: '开始时间', en: 'From' },
  to: { zh_CN: '结束时间', en: 'To' },
  since: { zh_CN: '起始时间', en: 'Since' },
  limit: { zh_CN: '条数', en: 'Number of entries' },
  range: { zh_CN: '时间范围', en: 'Time range' },
  filter: { zh_CN: '筛选条件', en: 'Filter' },
  confirm: { zh_CN: '确认', en: 'Confirmation' },
  sort: { zh_CN: '排序字段', en: 'Sort by' },
  order: { zh_CN: '排序方向', en: 'Sort order' },
  keyword: { zh_CN: '关键字', en: 'Keyword' },
  format: { zh_CN: '格式', en: 'Format' },
};

/** Field name → label, for refusals that name a field (a range filter's `_from`/`_to` bound names its field). */
function fieldLabelsOf(decl: ResourceDecl): Record<string, Label> {
  const out: Record<string, Label> = { ...COMMON_FIELD_LABELS };
  for (const [name, f] of Object.entries(decl.fields)) {
    out[name] = f.label;
    out[`${name}_from`] = f.label;
    out[`${name}_to`] = f.label;
  }
  return out;
}

/** A hand-written method names its fields as the declaration does, its own declared labels first. */
function withLabels(spec: MethodSpec, labels: Record<string, Label>): MethodSpec {
  return { ...spec, fieldLabels: { ...labels, ...spec.fieldLabels } };
}

/** The methods of one resource, keyed by wire method name. */
export function resourceMethods(b: ResourceServer): Record<string, MethodSpec> {
  const ops = new Set(b.decl.operations);
  const m: Record<string, MethodSpec> = {};
  if (ops.has('list')) m.list = listMethod(b);
  if (ops.has('detail')) m.detail = detailMethod(b);
  if (ops.has('add')) m.add = addMethod(b);
  if (ops.has('update')) m.update = updateMethod(b);
  if (ops.has('remove')) m.remove = removeMethod(b);
  if (ops.has('export')) m.export = exportMethod(b);
  if (ops.has('import')) m.import = importMethod(b);
  if (b.decl.list.tree) m.tree = treeMethod(b, b.decl.list.tree.parentField);
  if (b.decl.picker) m.select = selectMethod(b);
  for (const a of b.decl.actions ?? []) m[a.name] = actionMethod(b, a.name, Boolean(a.transition));
  const labels = fieldLabelsOf(b.decl);
  for (const spec of Object.values(m)) spec.fieldLabels = labels;
  for (const [name, spec] of Object.entries(b.methods)) {
    if (m[name]) throw new Error(`${b.decl.key}: custom method ${name} clashes with a generic one`);
    m[name] = withLabels(spec, labels);
  }
  return m;
}

const ALIASES = ['list', 'add', 'update', 'remove'] as const;

/**
 * The resource's endpoints: its path with every method, plus `<path>/list|add|update|remove` when the declaration
 * asks for them (each serves that one method whatever `method` the body names).
 */
export function resourceEndpoints(b: ResourceServer): EndpointSpec[] {
  const methods = resourceMethods(b);
  const out: EndpointSpec[] = [{ path: b.decl.path, methods }];
  const actionsAt = b.decl.actionsAt;
  if (actionsAt) {
    // The actions (and the binding's action methods) answer on their own path only.
    const moved: Record<string, MethodSpec> = {};
    for (const a of b.decl.actions ?? []) {
      const spec = methods[a.name];
      if (spec) moved[a.name] = spec;
      delete methods[a.name];
    }
    for (const [name, spec] of Object.entries(b.actionMethods)) {
      if (moved[name]) throw new Error(`${b.decl.key}: action method ${name} clashes with an action`);
      moved[name] = withLabels(spec, fieldLabelsOf(b.decl));
    }
    out.push({ path: actionsAt.path, methods: moved });
  }
  if (b.decl.aliasPaths) {
    for (const op of ALIASES) {
      const spec = methods[op];
      if (spec) out.push({ path: `${b.decl.path}/${op}`, methods: { default: spec } });
    }
  }
  return out;
}
